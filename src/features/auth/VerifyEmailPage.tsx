import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { useAsyncAction } from '@/lib/use-async'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { mutationErrorMessage } from '@/lib/errors'
import { AuthLayout } from './components/AuthLayout'
import { confirmVerification } from './api/account'

export default function VerifyEmailPage() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '')
  useSearch()
  const [verify, run] = useAsyncAction(confirmVerification)
  useEffect(() => {
    if (token) void run(token)
  }, [token, run])

  return (
    <AuthLayout
      title="Verify your email"
      footer={
        <PreloadLink href="/dashboard" className="underline underline-offset-4">
          Go to the dashboard
        </PreloadLink>
      }
    >
      {!token ? (
        <Alert>This verification link is incomplete.</Alert>
      ) : verify.status === 'success' ? (
        <Alert tone="success">Your email address is verified. Thank you!</Alert>
      ) : verify.status === 'error' ? (
        <Alert>
          {mutationErrorMessage(verify.error)} The link may have expired: ask for a new one from
          Settings → Account.
        </Alert>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Verifying…
        </p>
      )}
    </AuthLayout>
  )
}

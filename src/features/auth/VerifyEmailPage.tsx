import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { useAsyncAction } from '@/lib/use-async'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { mutationErrorMessage } from '@/lib/errors'
import { AuthLayout } from './components/AuthLayout'
import { confirmVerification } from './api/account'
import { useT } from '@/lib/i18n'

export default function VerifyEmailPage() {
  const t = useT()
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '')
  useSearch()
  const [verify, run] = useAsyncAction(confirmVerification)
  useEffect(() => {
    if (token) void run(token)
  }, [token, run])

  return (
    <AuthLayout
      title={t('pages.verify.title')}
      footer={
        <PreloadLink href="/dashboard" className="underline underline-offset-4">
          {t('pages.verify.toDashboard')}
        </PreloadLink>
      }
    >
      {!token ? (
        <Alert>{t('pages.verify.incomplete')}</Alert>
      ) : verify.status === 'success' ? (
        <Alert tone="success">{t('pages.verify.done')}</Alert>
      ) : verify.status === 'error' ? (
        <Alert>{t('pages.verify.failed', { reason: mutationErrorMessage(verify.error) })}</Alert>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {t('pages.verify.pending')}
        </p>
      )}
    </AuthLayout>
  )
}

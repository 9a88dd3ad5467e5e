import { useState } from 'react'
import { useAsyncAction } from '@/lib/use-async'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { AuthLayout } from './components/AuthLayout'
import { requestPasswordReset } from './api/account'
import { emailSchema } from './data/schemas'
import { useCheckedSubmit } from './data/use-checked-submit'
import { useT } from '@/lib/i18n'
import { EmailField } from './components/EmailField'

export default function ForgotPasswordPage() {
  const t = useT()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [request, send] = useAsyncAction(async (email: string) => {
    // The same answer whether or not the account exists (or the call failed): nothing to learn
    // about who has an account.
    await requestPasswordReset(email).catch(() => {})
    setSentTo(email)
  })

  const { errors, onSubmit } = useCheckedSubmit(
    async () => emailSchema,
    ({ email }) => void send(email),
  )

  return (
    <AuthLayout
      title={t('pages.forgot.title')}
      description={t('pages.forgot.description')}
      footer={
        <PreloadLink href="/sign-in" className="underline underline-offset-4">
          {t('auth.backToSignIn')}
        </PreloadLink>
      }
    >
      {sentTo ? (
        <Alert tone="success">{t('pages.forgot.sent', { email: sentTo })}</Alert>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label={t('pages.reset.title')}
        >
          <EmailField error={errors.email} autoFocus />
          <Button type="submit" busy={request.status === 'pending'}>
            {t('pages.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}

import { useSearch } from 'wouter'
import { useAsyncAction } from '@/lib/use-async'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { mutationErrorMessage } from '@/lib/errors'
import { AuthLayout } from './components/AuthLayout'
import { NewPasswordFields } from './components/NewPasswordFields'
import { confirmPasswordReset } from './api/account'
import { resetSchema } from './data/schemas'
import { useCheckedSubmit } from './data/use-checked-submit'
import { useT } from '@/lib/i18n'

export default function ResetPasswordPage() {
  const t = useT()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [reset, send] = useAsyncAction((password: string) => confirmPasswordReset(token, password))

  const { errors, onSubmit } = useCheckedSubmit(
    async () => resetSchema,
    ({ password }) => void send(password),
  )

  const footer = (
    <PreloadLink href="/sign-in" className="underline underline-offset-4">
      {t('auth.backToSignIn')}
    </PreloadLink>
  )
  if (!token) {
    return (
      <AuthLayout title={t('pages.reset.title')} footer={footer}>
        <Alert>{t('pages.reset.incomplete')}</Alert>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={t('pages.reset.titleNew')} footer={footer}>
      {reset.status === 'success' ? (
        <div className="grid gap-4">
          <Alert tone="success">{t('pages.reset.done')}</Alert>
          <PreloadLink href="/sign-in" className="text-sm underline underline-offset-4">
            {t('auth.signIn')}
          </PreloadLink>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label={t('pages.reset.titleNew')}
        >
          {reset.status === 'error' ? (
            <Alert>{t('pages.reset.failed', { reason: mutationErrorMessage(reset.error) })}</Alert>
          ) : null}
          <NewPasswordFields
            labels={{ password: t('pages.reset.newPassword'), confirm: t('pages.reset.confirm') }}
            errors={errors}
          />
          <Button type="submit" busy={reset.status === 'pending'}>
            {t('pages.reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}

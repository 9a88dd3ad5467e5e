import { useState } from 'react'
import { Field } from '@/components/ui/field'
import { AppCodeField, appCodeDigits } from '@/components/ui/code-field'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { authMessages } from '@machines/auth/messages'
import { selectError, selectIsBusy, selectIsMfaPending } from '@machines/auth/selectors'
import { AuthLayout } from './components/AuthLayout'
import { backupCodeSchema, otpSchema } from './data/schemas'
import { useCheckedSubmit } from './data/use-checked-submit'
import { authText } from '@/lib/auth-text'
import { useT } from '@/lib/i18n'

/** The second step of sign-in: a code from the authenticator app, or a backup code. */
export default function OtpPage() {
  const t = useT()
  const auth = useAuthActor()
  const pending = useAuthSelector(selectIsMfaPending)
  const busy = useAuthSelector(selectIsBusy)
  const serverError = useAuthSelector(selectError)
  const [useBackup, setUseBackup] = useState(false)
  const [code, setCode] = useState('')

  const { errors, onSubmit, clearErrors } = useCheckedSubmit(
    async () => (useBackup ? backupCodeSchema : otpSchema),
    (values) => auth.send({ type: 'user.submitMfaCode', code: values.code }),
    () => ({ code }),
  )

  if (!pending) {
    return (
      <AuthLayout title={t('pages.otp.title')}>
        <div className="grid gap-4">
          <Alert>{authText(authMessages.noMfaPending, t)}</Alert>
          <p className="text-sm text-muted-foreground">{t('pages.otp.signInFirst')}</p>
          <PreloadLink href="/sign-in" className="text-sm underline underline-offset-4">
            {t('pages.otp.goToSignIn')}
          </PreloadLink>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      title={t('pages.otp.title')}
      description={useBackup ? t('pages.otp.backupDescription') : t('pages.otp.codeDescription')}
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4"
        aria-label={t('pages.otp.formLabel')}
      >
        {serverError ? <Alert>{authText(serverError, t)}</Alert> : null}
        {useBackup ? (
          <Field
            key="backup"
            label={t('pages.otp.backupCode')}
            name="code"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
            autoFocus
          />
        ) : (
          <AppCodeField
            key="totp"
            label={t('pages.otp.code')}
            placeholder="123456"
            code={code}
            onCode={setCode}
            onPaste={(e) => {
              const digits = appCodeDigits(e.clipboardData.getData('text'))
              if (digits) {
                e.preventDefault()
                setCode(digits)
              }
            }}
            error={errors.code}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
            autoFocus
          />
        )}
        <Button type="submit" busy={busy}>
          {t('pages.otp.verify')}
        </Button>
        <div className="flex justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setUseBackup((b) => !b)
              setCode('')
              clearErrors()
            }}
          >
            {useBackup ? t('pages.otp.useApp') : t('pages.otp.useBackup')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => auth.send({ type: 'user.cancelMfa' })}>
            {t('common.actions.cancel')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  )
}

import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Field } from '@/components/ui/field'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { selectError, selectIsBusy, selectIsMfaPending } from '@machines/auth/selectors'
import { AuthLayout } from './components/AuthLayout'
import { backupCodeSchema, otpSchema } from './data/schemas'
import { fieldMessages } from '@/lib/use-form'

/** The second step of sign-in: a code from the authenticator app, or a backup code. */
export default function OtpPage() {
  const auth = useAuthActor()
  const pending = useAuthSelector(selectIsMfaPending)
  const busy = useAuthSelector(selectIsBusy)
  const serverError = useAuthSelector(selectError)
  const [useBackup, setUseBackup] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [code, setCode] = useState('')

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const parsed = v.safeParse(useBackup ? backupCodeSchema : otpSchema, { code })
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      return
    }
    setErrors({})
    auth.send({ type: 'user.submitMfaCode', code: parsed.output.code })
  }

  if (!pending) {
    return (
      <AuthLayout title="Two-factor authentication">
        <div className="grid gap-4">
          <Alert>No MFA verification pending</Alert>
          <p className="text-sm text-muted-foreground">
            Sign in with your email and password first; we ask for your code after that.
          </p>
          <PreloadLink href="/sign-in" className="text-sm underline underline-offset-4">
            Go to sign in
          </PreloadLink>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      title="Two-factor authentication"
      description={
        useBackup
          ? 'Enter one of the backup codes you saved when you turned on 2FA. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Verify your code">
        {serverError ? <Alert>{serverError}</Alert> : null}
        {useBackup ? (
          <Field
            key="backup"
            label="Backup code"
            name="code"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
            autoFocus
          />
        ) : (
          <Field
            key="totp"
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            onPaste={(e) => {
              const digits = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, 6)
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
          Verify
        </Button>
        <div className="flex justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setUseBackup((b) => !b)
              setCode('')
              setErrors({})
            }}
          >
            {useBackup ? 'Use the authenticator app' : 'Use a backup code'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => auth.send({ type: 'user.cancelMfa' })}>
            Cancel
          </Button>
        </div>
      </form>
    </AuthLayout>
  )
}

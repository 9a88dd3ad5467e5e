import { useState, type FormEvent, type ReactNode } from 'react'
import { Field } from '@/components/ui/field'
import { AppCodeField } from '@/components/ui/code-field'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { selectIsTwoFactorBusy, selectTotpSetup } from '@machines/auth/selectors'
import type { AuthUser } from '@machines/auth/types'
import { richText, useT } from '@/lib/i18n'
import { BackupCodesList } from './BackupCodesList'
import { BackupCodesLeft } from './BackupCodesLeft'
import { useTwoFactorRefusal } from './two-factor-data'

export function TwoFactorSection({ user }: { user: AuthUser }) {
  const auth = useAuthActor()
  const setup = useAuthSelector(selectTotpSetup)
  const busy = useAuthSelector(selectIsTwoFactorBusy)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [passwordError, setPasswordError] = useState<string | null>(null)
  // The server's reason for refusing the last code or password, said at its field.
  const [refusal, setRefusal] = useTwoFactorRefusal(auth)
  const t = useT()
  const fieldError = error ?? (refusal?.field === 'code' ? refusal.message : null)
  const passwordFieldError =
    passwordError ?? (refusal?.field === 'password' ? refusal.message : null)

  function submit(e: FormEvent, type: 'user.confirmTotp' | 'user.disableTotp') {
    e.preventDefault()
    const trimmed = code.trim()
    const codeProblem =
      type === 'user.confirmTotp'
        ? /^\d{6}$/.test(trimmed)
          ? null
          : t('settings.account.twoFactor.sixDigitsRequired')
        : trimmed.length < 6
          ? t('settings.account.twoFactor.codeRequired')
          : null
    // Turning 2FA on or off asks for the current password: a session alone is not enough.
    const passwordProblem = password ? null : t('settings.account.twoFactor.passwordRequired')
    setError(codeProblem)
    setPasswordError(passwordProblem)
    if (codeProblem || passwordProblem) return
    setRefusal(null)
    auth.send({ type, code: trimmed, password })
    setCode('')
  }

  /** A new code typed: the server's refusal of the last one goes. */
  function changeCode(value: string) {
    setCode(value)
    if (refusal?.field === 'code') setRefusal(null)
  }

  // The password is kept while a code is retried, and forgotten once 2FA changed.
  const [passwordFor, setPasswordFor] = useState(user.totpEnabled)
  if (passwordFor !== user.totpEnabled) {
    setPasswordFor(user.totpEnabled)
    setPassword('')
  }

  const passwordField = (
    <Field
      label={t('settings.account.twoFactor.password')}
      name="current-password"
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={(e) => {
        setPassword(e.target.value)
        setPasswordError(null)
        if (refusal?.field === 'password') setRefusal(null)
      }}
      hint={t('settings.account.twoFactor.passwordHint')}
      error={passwordFieldError}
    />
  )

  /** The form that turns 2FA on or off: its code field, the current password, its buttons. */
  const codeForm = (
    type: 'user.confirmTotp' | 'user.disableTotp',
    label: string,
    codeField: ReactNode,
    actions: ReactNode,
  ) => (
    <form noValidate onSubmit={(e) => submit(e, type)} className="grid gap-3" aria-label={label}>
      {codeField}
      {passwordField}
      {actions}
    </form>
  )

  return (
    <section aria-labelledby="twofa-heading" className="grid gap-4">
      <h2 id="twofa-heading" className="text-lg font-semibold">
        <bdi>{t('settings.account.twoFactor.title')}</bdi>
      </h2>
      <p className="text-sm text-muted-foreground">
        {richText(t, 'settings.account.twoFactor.status', {
          state: (
            <strong className="text-foreground">
              {user.totpEnabled
                ? t('settings.account.twoFactor.on')
                : t('settings.account.twoFactor.off')}
            </strong>
          ),
        })}
      </p>
      {user.totpEnabled ? <BackupCodesLeft userId={user.id} /> : null}
      {user.totpEnabled ? (
        codeForm(
          'user.disableTotp',
          t('settings.account.twoFactor.disableForm'),
          <Field
            label={t('settings.account.twoFactor.disableCode')}
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => changeCode(e.target.value)}
            hint={t('settings.account.twoFactor.disableHint')}
            error={fieldError}
          />,
          <div>
            <Button type="submit" variant="destructive" busy={busy}>
              {t('settings.account.twoFactor.disable')}
            </Button>
          </div>,
        )
      ) : setup ? (
        <div className="grid gap-4">
          <ol className="grid list-decimal gap-2 ps-5 text-sm">
            <li>{t('settings.account.twoFactor.step1')}</li>
            <li>{t('settings.account.twoFactor.step2')}</li>
            <li>{t('settings.account.twoFactor.step3')}</li>
          </ol>
          <img
            src={setup.qrCode}
            alt={t('settings.account.twoFactor.qrAlt')}
            className="size-48 rounded-md bg-white p-2"
          />
          <div className="grid gap-1 text-sm">
            <span className="font-medium">
              <bdi>{t('settings.account.twoFactor.secret')}</bdi>
            </span>
            <code
              data-testid="totp-secret"
              className="rounded bg-muted px-2 py-1 font-mono break-all"
            >
              {setup.secret}
            </code>
          </div>
          <div className="grid gap-2 text-sm">
            <span className="font-medium" id="backup-codes-label">
              <bdi>{t('settings.account.twoFactor.backupCodes')}</bdi>
            </span>
            <BackupCodesList codes={setup.backupCodes} labelId="backup-codes-label" />
          </div>
          {codeForm(
            'user.confirmTotp',
            t('settings.account.twoFactor.confirmForm'),
            <AppCodeField
              label={t('settings.account.twoFactor.appCode')}
              code={code}
              onCode={changeCode}
              error={fieldError}
            />,
            <div className="flex gap-2">
              <Button type="submit" busy={busy}>
                {t('settings.account.twoFactor.enable')}
              </Button>
              <Button variant="ghost" onClick={() => auth.send({ type: 'user.cancelTotpSetup' })}>
                {t('settings.account.twoFactor.cancel')}
              </Button>
            </div>,
          )}
        </div>
      ) : (
        <div>
          <Button onClick={() => auth.send({ type: 'user.startTotpSetup' })} busy={busy}>
            {t('settings.account.twoFactor.setUp')}
          </Button>
        </div>
      )}
      {!user.totpEnabled && !setup ? null : (
        <Alert tone="info">{t('settings.account.twoFactor.keepSafe')}</Alert>
      )}
    </section>
  )
}

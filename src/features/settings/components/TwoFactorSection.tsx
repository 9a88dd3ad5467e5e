import { useState, type FormEvent } from 'react'
import { notify } from '@/lib/toast'
import { Field } from '@/components/ui/field'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { selectIsTwoFactorBusy, selectTotpSetup } from '@machines/auth/selectors'
import type { AuthUser } from '@machines/auth/types'

function downloadCodes(codes: string[]) {
  const blob = new Blob([`Folio backup codes\nEach code works once.\n\n${codes.join('\n')}\n`], {
    type: 'text/plain',
  })
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = 'folio-backup-codes.txt'
  a.click()
  URL.revokeObjectURL(a.href)
}

export function TwoFactorSection({ user }: { user: AuthUser }) {
  const auth = useAuthActor()
  const setup = useAuthSelector(selectTotpSetup)
  const busy = useAuthSelector(selectIsTwoFactorBusy)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)

  function submit(e: FormEvent, type: 'user.confirmTotp' | 'user.disableTotp') {
    e.preventDefault()
    const trimmed = code.trim()
    if (type === 'user.confirmTotp' ? !/^\d{6}$/.test(trimmed) : trimmed.length < 6) {
      setError(
        type === 'user.confirmTotp'
          ? 'Enter the 6-digit code from your app'
          : 'Enter a code from your app or a backup code',
      )
      return
    }
    setError(null)
    auth.send({ type, code: trimmed })
    setCode('')
  }

  return (
    <section aria-labelledby="twofa-heading" className="grid gap-4">
      <h2 id="twofa-heading" className="text-lg font-semibold">
        Two-factor authentication
      </h2>
      <p className="text-sm text-muted-foreground">
        Status: <strong className="text-foreground">{user.totpEnabled ? 'On' : 'Off'}</strong>. With
        2FA on, signing in also asks for a code from an authenticator app.
      </p>
      {user.totpEnabled ? (
        <form
          noValidate
          onSubmit={(e) => submit(e, 'user.disableTotp')}
          className="grid gap-3"
          aria-label="Disable 2FA"
        >
          <Field
            label="Code to disable 2FA"
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint="A code from your authenticator app, or one of your backup codes."
            error={error}
          />
          <div>
            <Button type="submit" variant="destructive" busy={busy}>
              Disable 2FA
            </Button>
          </div>
        </form>
      ) : setup ? (
        <div className="grid gap-4">
          <ol className="grid list-decimal gap-2 ps-5 text-sm">
            <li>Scan the QR code with your authenticator app, or type the secret in.</li>
            <li>
              Save the backup codes somewhere safe: they are shown only now, and each works once.
            </li>
            <li>Enter the 6-digit code the app shows to turn 2FA on.</li>
          </ol>
          <img
            src={setup.qrCode}
            alt="QR code to add Folio to your authenticator app"
            className="size-48 rounded-md bg-white p-2"
          />
          <div className="grid gap-1 text-sm">
            <span className="font-medium">Secret</span>
            <code
              data-testid="totp-secret"
              className="rounded bg-muted px-2 py-1 font-mono break-all"
            >
              {setup.secret}
            </code>
          </div>
          <div className="grid gap-2 text-sm">
            <span className="font-medium" id="backup-codes-label">
              Backup codes
            </span>
            <ul aria-labelledby="backup-codes-label" className="grid grid-cols-2 gap-1 font-mono">
              {setup.backupCodes.map((c) => (
                <li key={c} className="rounded bg-muted px-2 py-1">
                  {c}
                </li>
              ))}
            </ul>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  navigator.clipboard
                    .writeText(setup.backupCodes.join('\n'))
                    .then(() => notify('success', 'Backup codes copied'))
                    .catch(() =>
                      notify('error', 'Could not copy: select the codes and copy them by hand.'),
                    )
                }
              >
                Copy codes
              </Button>
              <Button variant="outline" size="sm" onClick={() => downloadCodes(setup.backupCodes)}>
                Download codes
              </Button>
            </div>
          </div>
          <form
            noValidate
            onSubmit={(e) => submit(e, 'user.confirmTotp')}
            className="grid gap-3"
            aria-label="Confirm 2FA"
          >
            <Field
              label="Code from your app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              error={error}
            />
            <div className="flex gap-2">
              <Button type="submit" busy={busy}>
                Enable 2FA
              </Button>
              <Button variant="ghost" onClick={() => auth.send({ type: 'user.cancelTotpSetup' })}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <div>
          <Button onClick={() => auth.send({ type: 'user.startTotpSetup' })} busy={busy}>
            Set up 2FA
          </Button>
        </div>
      )}
      {!user.totpEnabled && !setup ? null : (
        <Alert tone="info">
          Keep your backup codes safe: they are the way in if you lose your phone.
        </Alert>
      )}
    </section>
  )
}

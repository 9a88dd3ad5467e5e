import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Dialog } from '@/components/ui/dialog'
import { AppCodeField } from '@/components/ui/code-field'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { useT } from '@/lib/i18n'
import { toAuthFailure } from '@machines/auth/messages'
import { BackupCodesList } from './BackupCodesList'
import { twoFactor, twoFactorStatusQuery, type TwoFactorStatusData } from './two-factor-data'

/**
 * Makes a new set of backup codes: asks for a current code from the authenticator app, then shows
 * the new codes once. The server stops the old ones; closing the dialog forgets the new ones.
 */
export function RegenerateBackupCodesDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const qc = useQueryClient()
  const labelId = useId()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const regenerate = useMutation({
    mutationFn: (c: string) => twoFactor.regenerateBackupCodes(c),
    meta: { silent: true },
    onSuccess: ({ backupCodes }) => {
      setCode('')
      qc.setQueryData<TwoFactorStatusData>(twoFactorStatusQuery(userId, true).queryKey, {
        enabled: true,
        backupCodesLeft: backupCodes.length,
      })
    },
    onError: (e) => setError(toAuthFailure(e).message.trim() || t('security.regenerate.failed')),
  })
  const codes = regenerate.data?.backupCodes ?? null

  function close(next: boolean) {
    if (next) return onOpenChange(true)
    // The codes are shown once: closing forgets them.
    regenerate.reset()
    setCode('')
    setError(null)
    onOpenChange(false)
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!/^\d{6}$/.test(code)) {
      setError(t('settings.account.twoFactor.sixDigitsRequired'))
      return
    }
    setError(null)
    regenerate.mutate(code)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('security.regenerate.title')}
      description={
        codes ? t('security.regenerate.shownOnce') : t('security.regenerate.description')
      }
    >
      {codes ? (
        <div className="grid gap-3 text-sm">
          <Alert tone="success">{t('security.regenerate.done')}</Alert>
          <span id={labelId} className="font-medium">
            <bdi>{t('security.regenerate.newCodes')}</bdi>
          </span>
          <BackupCodesList codes={codes} labelId={labelId} />
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>{t('security.regenerate.close')}</Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-3"
          aria-label={t('security.regenerate.title')}
        >
          <AppCodeField
            label={t('security.regenerate.code')}
            code={code}
            onCode={(digits) => {
              setCode(digits)
              setError(null)
            }}
            hint={t('security.regenerate.codeHint')}
            error={error}
            autoFocus
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => close(false)}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" busy={regenerate.isPending}>
              {t('security.regenerate.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}

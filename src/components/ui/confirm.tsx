import { useState, type ReactNode } from 'react'
import { useT } from '@/lib/i18n'
import { Dialog } from './dialog'
import { Button } from './button'
import { Alert } from './card'

/** A confirmation for a consequential action; a refusal is shown inside, the dialog stays. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  onConfirm,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  destructive?: boolean
  /**
   * Resolves to an error message to show, `false` to stay open when the message is shown at a
   * field of the dialog's own (children), or nothing when done.
   */
  onConfirm: () => Promise<string | false | void>
  children?: ReactNode
}) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setError(null)
        onOpenChange(o)
      }}
      title={title}
      description={description}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={async (e) => {
          e.preventDefault()
          setBusy(true)
          setError(null)
          const message = await onConfirm().finally(() => setBusy(false))
          if (message === false) return
          if (message) setError(message)
          else onOpenChange(false)
        }}
      >
        {children}
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'primary'} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

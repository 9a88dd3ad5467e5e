import { useLocation } from 'wouter'
import { ConfirmDialog } from '@/components/ui/confirm'
import { save } from '@/billing/save'
import type { Collection } from '@/billing/types'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'

/**
 * "Delete …?" for a record of a list (an item, an expense, a vendor): deletes it through the
 * write queue and goes back to the list when it was open on its own page.
 */
export function DeleteRecordDialog({
  collection,
  id,
  close,
  listPath,
  texts,
}: {
  collection: Collection
  /** The record to delete (null: the dialog is closed). */
  id: string | null
  close: () => void
  listPath: string
  texts: {
    title: string
    description: string
    confirm: string
    /** What the write is called in the list of waiting changes. */
    label: string
    /** The toast once deleted. */
    deleted: string
  }
}) {
  const [location, navigate] = useLocation()
  return (
    <ConfirmDialog
      open={id !== null}
      onOpenChange={(o) => (o ? undefined : close())}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      destructive
      onConfirm={async () => {
        if (!id) return
        const r = await save(writes.recordDelete, { collection, id, label: texts.label })
        if (!r.ok) return r.message
        if (!r.queued) notify('success', texts.deleted)
        if (location !== listPath) navigate(listPath)
      }}
    />
  )
}

import { useLocation } from 'wouter'
import { ConfirmDialog } from '@/components/ui/confirm'
import { paths } from '@/config/paths'
import { save } from '@/billing/save'
import type { Item } from '@/billing/types'
import { writes } from '@/billing/writes'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'

/**
 * Archive, restore and delete, shared by the list and the item page. An item is only a source of
 * lines (a document keeps its own copy of each line), so deleting one changes no document.
 */
export function useItemActions() {
  const t = useT()
  const setArchived = async (item: Item, archived: boolean) => {
    const name = item.name
    const r = await save(writes.recordUpdate, {
      collection: 'items',
      id: item.id,
      body: { archived },
      label: archived
        ? t('items.manage.archiveLabel', { name })
        : t('items.manage.restoreLabel', { name }),
    })
    if (!r.ok) notify('error', r.message)
    else if (!r.queued)
      notify(
        'success',
        archived ? t('items.manage.archived', { name }) : t('items.manage.restored', { name }),
      )
  }
  const deleteDialog = (item: Item | null, close: () => void) => (
    <DeleteItemDialog item={item} close={close} />
  )
  return { setArchived, deleteDialog }
}

function DeleteItemDialog({ item, close }: { item: Item | null; close: () => void }) {
  const t = useT()
  const [location, navigate] = useLocation()
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(o) => (o ? undefined : close())}
      title={t('items.manage.deleteTitle', { name: item?.name ?? '' })}
      description={t('items.manage.deleteDescription')}
      confirmLabel={t('items.manage.deleteConfirm')}
      destructive
      onConfirm={async () => {
        if (!item) return
        const r = await save(writes.recordDelete, {
          collection: 'items',
          id: item.id,
          label: t('items.manage.deleteLabel', { name: item.name }),
        })
        if (!r.ok) return r.message
        if (!r.queued) notify('success', t('items.manage.deleted', { name: item.name }))
        if (location !== paths.items) navigate(paths.items)
      }}
    />
  )
}

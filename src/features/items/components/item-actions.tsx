import { DeleteRecordDialog } from '@/billing/ui/DeleteRecordDialog'
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
  const name = item?.name ?? ''
  return (
    <DeleteRecordDialog
      collection="items"
      id={item?.id ?? null}
      close={close}
      listPath={paths.items}
      texts={{
        title: t('items.manage.deleteTitle', { name }),
        description: t('items.manage.deleteDescription'),
        confirm: t('items.manage.deleteConfirm'),
        label: t('items.manage.deleteLabel', { name }),
        deleted: t('items.manage.deleted', { name }),
      }}
    />
  )
}

import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useParams } from 'wouter'
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { WriteOnly } from '@/components/ui/role-note'
import { useDocumentTitle } from '@/components/layout/document-title'
import { RecordPending } from '@/billing/ui/RecordPending'
import { paths, recordPaths } from '@/config/paths'
import { recordQuery, sellerQuery } from '@/billing/queries'
import { newRecordId } from '@/billing/ids'
import { baseFor, openingStale, save, usePendingWrites } from '@/billing/save'
import type { Item } from '@/billing/types'
import { writes } from '@/billing/writes'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { useAuthSelector } from '@/lib/auth-context'
import { useBusinessId } from '@/lib/business'
import { useRole } from '@/lib/roles'
import { selectUser } from '@machines/auth/selectors'
import { ItemForm } from './components/ItemForm'
import { useItemActions } from './components/item-actions'
import { toItemBody, toItemInput } from './data/schema'

/**
 * /items/new and /items/:id: an item is its form (writers change it there; other roles read it),
 * with archive, restore and delete beside its name.
 */
export default function ItemPage() {
  const t = useT()
  const { id } = useParams<{ id?: string }>()
  const [, navigate] = useLocation()
  const user = useAuthSelector(selectUser)
  const business = useBusinessId()
  const writer = useRole().can('write')
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const existing = useQuery({
    ...recordQuery<Item>('items', id ?? ''),
    enabled: !!id,
    refetchOnMount: 'always',
  })
  const item = existing.data
  useDocumentTitle(item?.name)
  const pending = usePendingWrites('items')
  const [openedAt] = useState(() => Date.now())
  const [deleting, setDeleting] = useState<Item | null>(null)
  const actions = useItemActions()

  if (id && (!item || openingStale(existing, openedAt))) {
    return <RecordPending failed={existing.isError} what="item" />
  }
  const defaults = {
    currency: seller.data?.default_currency || 'EUR',
    taxRate: seller.data?.default_tax_rate ?? 0,
  }
  return (
    <>
      <PageHeader
        title={item ? item.name : t('items.form.newTitle')}
        description={item?.archived ? <Badge tone="muted">{t('items.archived')}</Badge> : undefined}
        actions={
          item ? (
            <WriteOnly>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  onClick={() => void actions.setArchived(item, !item.archived)}
                >
                  {item.archived ? (
                    <ArchiveRestore className="size-4" aria-hidden />
                  ) : (
                    <Archive className="size-4" aria-hidden />
                  )}
                  {item.archived ? t('items.action.restore') : t('items.action.archive')}
                </Button>
                <Button variant="outline" onClick={() => setDeleting(item)}>
                  <Trash2 className="size-4" aria-hidden />
                  {t('items.action.delete')}
                </Button>
              </div>
            </WriteOnly>
          ) : null
        }
      />
      <ItemForm
        key={item?.id ?? 'new'}
        initial={toItemInput(item ?? {}, defaults)}
        readOnly={!writer}
        draftKey={user ? `${user.id}:items:${id ?? 'new'}` : null}
        submitLabel={item ? t('items.form.saveChanges') : t('items.form.add')}
        onCancel={() => navigate(paths.items)}
        version={item?.updated}
        onSubmit={async (values, version) => {
          const recordId = id ?? newRecordId()
          const body = toItemBody(values)
          const label = item
            ? t('items.form.changesLabel', { name: body.name })
            : t('items.form.newLabel', { name: body.name })
          const vars = { collection: 'items' as const, id: recordId, body, label }
          const r = item
            ? await save(writes.recordUpdate, {
                ...vars,
                base: baseFor(pending, recordId, version),
              })
            : await save(writes.recordCreate, vars)
          if (!r.ok) return r
          if (!r.queued) notify('success', item ? t('items.form.saved') : t('items.form.added'))
          navigate(recordPaths.item(recordId))
        }}
      />
      {actions.deleteDialog(deleting, () => setDeleting(null))}
    </>
  )
}

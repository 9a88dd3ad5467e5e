import { useLocation } from 'wouter'
import { ConfirmDialog } from '@/components/ui/confirm'
import { paths } from '@/config/paths'
import { save } from '@/billing/save'
import type { Customer } from '@/billing/types'
import { writes } from '@/billing/writes'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'

/** Archive, restore and delete, shared by the list and the customer page. */
export function useCustomerActions() {
  const t = useT()
  const [location, navigate] = useLocation()
  const setArchived = async (c: Customer, archived: boolean) => {
    const name = c.name
    const r = await save(writes.recordUpdate, {
      collection: 'customers',
      id: c.id,
      body: { archived },
      label: archived
        ? t('customers.manage.archiveLabel', { name })
        : t('customers.manage.restoreLabel', { name }),
    })
    if (!r.ok) notify('error', r.message)
    else if (!r.queued)
      notify(
        'success',
        archived
          ? t('customers.manage.archived', { name })
          : t('customers.manage.restored', { name }),
      )
  }
  const deleteDialog = (c: Customer | null, close: () => void) => (
    <ConfirmDialog
      open={c !== null}
      onOpenChange={(o) => (o ? undefined : close())}
      title={
        c
          ? t('customers.manage.deleteTitle', { name: c.name })
          : t('customers.manage.deleteTitleUnnamed')
      }
      description={t('customers.manage.deleteDescription')}
      confirmLabel={t('customers.manage.deleteConfirm')}
      destructive
      onConfirm={async () => {
        if (!c) return
        const r = await save(writes.recordDelete, {
          collection: 'customers',
          id: c.id,
          label: t('customers.manage.deleteLabel', { name: c.name }),
        })
        if (!r.ok) return r.message
        if (!r.queued) notify('success', t('customers.manage.deleted', { name: c.name }))
        if (location !== paths.customers) navigate(paths.customers)
      }}
    />
  )
  return { setArchived, deleteDialog }
}

import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { ConfirmDialog } from '@/components/ui/confirm'
import { paths } from '@/config/paths'
import { customerDocumentsQuery, type CustomerDocuments } from '@/billing/queries'
import { save } from '@/billing/save'
import type { Customer } from '@/billing/types'
import { writes } from '@/billing/writes'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'

/** Whether quotes, invoices or payments name the customer: then it can't be deleted. */
export const hasDocuments = (docs: CustomerDocuments | undefined) =>
  Boolean(docs && docs.quotes.length + docs.invoices.length + docs.payments.length > 0)

/** Archive, restore and delete, shared by the list and the customer page. */
export function useCustomerActions() {
  const t = useT()
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
    return r.ok ? undefined : r.message
  }
  const deleteDialog = (c: Customer | null, close: () => void) => (
    <DeleteCustomerDialog customer={c} close={close} setArchived={setArchived} />
  )
  return { setArchived, deleteDialog }
}

/**
 * Delete, confirmed. A customer with documents can't be deleted (they keep their customer; the
 * server refuses): for one that is not archived yet, the dialog offers to archive it instead.
 */
function DeleteCustomerDialog({
  customer: c,
  close,
  setArchived,
}: {
  customer: Customer | null
  close: () => void
  setArchived: (c: Customer, archived: boolean) => Promise<string | undefined>
}) {
  const t = useT()
  const [location, navigate] = useLocation()
  const docs = useQuery({ ...customerDocumentsQuery(c?.id ?? ''), enabled: c !== null })
  const archiveInstead = c !== null && !c.archived && hasDocuments(docs.data)
  if (c && archiveInstead)
    return (
      <ConfirmDialog
        open
        onOpenChange={(o) => (o ? undefined : close())}
        title={t('records.customer.archiveTitle', { name: c.name })}
        description={t('records.customer.archiveInstead', { name: c.name })}
        confirmLabel={t('records.customer.archiveConfirm')}
        onConfirm={async () => {
          const message = await setArchived(c, true)
          // The toast said it: the dialog only closes.
          return message === undefined ? undefined : false
        }}
      />
    )
  return (
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
}

import { useLocation } from 'wouter'
import { ConfirmDialog } from '@/components/ui/confirm'
import { paths } from '@/config/paths'
import { save } from '@/billing/save'
import type { Customer } from '@/billing/types'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'

/** Archive, restore and delete, shared by the list and the customer page. */
export function useCustomerActions() {
  const [location, navigate] = useLocation()
  const setArchived = async (c: Customer, archived: boolean) => {
    const r = await save(writes.recordUpdate, {
      collection: 'customers',
      id: c.id,
      body: { archived },
      label: `${archived ? 'Archive' : 'Restore'} customer ${c.name}`,
    })
    if (!r.ok) notify('error', r.message)
    else if (!r.queued) notify('success', archived ? `${c.name} archived` : `${c.name} restored`)
  }
  const deleteDialog = (c: Customer | null, close: () => void) => (
    <ConfirmDialog
      open={c !== null}
      onOpenChange={(o) => (o ? undefined : close())}
      title={`Delete ${c?.name ?? 'customer'}?`}
      description="The customer is removed for good. Customers with quotes or invoices can't be deleted — archive them instead."
      confirmLabel="Delete customer"
      destructive
      onConfirm={async () => {
        if (!c) return
        const r = await save(writes.recordDelete, {
          collection: 'customers',
          id: c.id,
          label: `Delete customer ${c.name}`,
        })
        if (!r.ok) return r.message
        if (!r.queued) notify('success', `${c.name} deleted`)
        if (location !== paths.customers) navigate(paths.customers)
      }}
    />
  )
  return { setArchived, deleteDialog }
}

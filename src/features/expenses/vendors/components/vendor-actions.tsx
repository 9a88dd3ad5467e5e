import { DeleteRecordDialog } from '@/billing/ui/DeleteRecordDialog'
import { paths } from '@/config/paths'
import type { Vendor } from '@/billing/types'
import { useT } from '@/lib/i18n'

/**
 * Deleting a vendor (owners and admins). Its expenses stay: each keeps the vendor's name as on
 * the receipt.
 */
export function useVendorActions() {
  const deleteDialog = (vendor: Vendor | null, close: () => void) => (
    <DeleteVendorDialog vendor={vendor} close={close} />
  )
  return { deleteDialog }
}

function DeleteVendorDialog({ vendor, close }: { vendor: Vendor | null; close: () => void }) {
  const t = useT()
  const name = vendor?.name ?? ''
  return (
    <DeleteRecordDialog
      collection="vendors"
      id={vendor?.id ?? null}
      close={close}
      listPath={paths.vendors}
      texts={{
        title: t('expenses.vendor.deleteTitle', { name }),
        description: t('expenses.vendor.deleteDescription'),
        confirm: t('expenses.vendor.deleteConfirm'),
        label: t('expenses.vendor.deleteLabel', { name }),
        deleted: t('expenses.vendor.deleted', { name }),
      }}
    />
  )
}

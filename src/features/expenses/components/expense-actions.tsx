import { DeleteRecordDialog } from '@/billing/ui/DeleteRecordDialog'
import { paths } from '@/config/paths'
import type { Expense } from '@/billing/types'
import { useT } from '@/lib/i18n'

/** Deleting an expense (owners and admins: the server refuses anyone else), from its list or page. */
export function useExpenseActions() {
  const deleteDialog = (expense: Expense | null, close: () => void) => (
    <DeleteExpenseDialog expense={expense} close={close} />
  )
  return { deleteDialog }
}

function DeleteExpenseDialog({ expense, close }: { expense: Expense | null; close: () => void }) {
  const t = useT()
  const name = expense?.vendor_name ?? ''
  return (
    <DeleteRecordDialog
      collection="expenses"
      id={expense?.id ?? null}
      close={close}
      listPath={paths.expenses}
      texts={{
        title: t('expenses.manage.deleteTitle', { name }),
        description: t('expenses.manage.deleteDescription'),
        confirm: t('expenses.manage.deleteConfirm'),
        label: t('expenses.manage.deleteLabel', { name }),
        deleted: t('expenses.manage.deleted', { name }),
      }}
    />
  )
}

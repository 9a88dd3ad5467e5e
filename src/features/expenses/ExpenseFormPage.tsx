import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Redirect, useLocation, useParams } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { useDocumentTitle } from '@/components/layout/document-title'
import { RecordPending } from '@/billing/ui/RecordPending'
import { paths, recordPaths } from '@/config/paths'
import { recordQuery, sellerQuery } from '@/billing/queries'
import { newRecordId } from '@/billing/ids'
import { openingStale, saveRecord, usePendingWrites } from '@/billing/save'
import { todayIso } from '@/billing/format'
import type { Expense } from '@/billing/types'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { useAuthSelector } from '@/lib/auth-context'
import { useBusinessId } from '@/lib/business'
import { useRole } from '@/lib/roles'
import { selectUser } from '@machines/auth/selectors'
import { ExpenseForm } from './components/ExpenseForm'
import { expenseCategoriesQuery } from '@/billing/expense-categories'
import { vendorsQuery } from './data/queries'
import { toExpenseBody, toExpenseInput } from './data/schema'
import { handedReceipt, releaseHandedReceipt } from './data/receipt-handoff'

/**
 * /expenses/new and /expenses/:id/edit. A new expense gets its id on this device, so one made
 * offline (with its photo, kept in the write queue in IndexedDB) is created once when it is sent.
 */
export default function ExpenseFormPage() {
  const t = useT()
  const { id } = useParams<{ id?: string }>()
  const [, navigate] = useLocation()
  const user = useAuthSelector(selectUser)
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const vendors = useQuery(vendorsQuery())
  const categories = useQuery({ ...expenseCategoriesQuery(business), enabled: !!business })
  const existing = useQuery({
    ...recordQuery<Expense>('expenses', id ?? ''),
    enabled: !!id,
    refetchOnMount: 'always',
  })
  const expense = existing.data
  const editing = Boolean(id)
  useDocumentTitle(expense && t('expenses.form.editTitle', { name: expense.vendor_name }))
  const pending = usePendingWrites('expenses')
  const [openedAt] = useState(() => Date.now())
  const [picked] = useState(() => (id ? null : handedReceipt()))
  const role = useRole()

  // A role that reads only (the accountant) has no editor: the expense's page shows it all.
  if (role.role && !role.can('write'))
    return <Redirect to={id ? recordPaths.expense(id) : paths.expenses} replace />
  if (editing && (!expense || openingStale(existing, openedAt))) {
    return <RecordPending failed={existing.isError} what="expense" />
  }
  const defaults = {
    currency: seller.data?.default_currency || 'EUR',
    taxRate: seller.data?.default_tax_rate ?? 0,
    today: todayIso(),
  }
  return (
    <>
      <PageHeader
        title={
          expense
            ? t('expenses.form.editTitle', { name: expense.vendor_name })
            : t('expenses.form.newTitle')
        }
      />
      <ExpenseForm
        key={expense?.id ?? 'new'}
        initial={toExpenseInput(expense ?? {}, defaults)}
        vendors={vendors.data ?? []}
        categories={categories.data?.categories ?? []}
        savedReceipt={typeof expense?.receipt === 'string' ? expense.receipt : undefined}
        draftKey={user ? `${user.id}:expenses:${id ?? 'new'}` : null}
        submitLabel={editing ? t('expenses.form.saveChanges') : t('expenses.form.add')}
        onCancel={() => navigate(id ? recordPaths.expense(id) : paths.expenses)}
        version={expense?.updated}
        pickedReceipt={picked}
        onSubmit={async (values, receipt, version) => {
          const recordId = id ?? newRecordId()
          const body: Record<string, unknown> = toExpenseBody(values, vendors.data ?? [])
          if (receipt) body.receipt = receipt
          const name = values.vendor_name
          const r = await saveRecord({
            collection: 'expenses',
            id: recordId,
            editing,
            body,
            label: editing
              ? t('expenses.form.changesLabel', { name })
              : t('expenses.form.newLabel', { name }),
            pending,
            version,
          })
          if (!r.ok) return r
          releaseHandedReceipt()
          if (!r.queued)
            notify('success', editing ? t('expenses.form.saved') : t('expenses.form.added'))
          navigate(recordPaths.expense(recordId))
        }}
      />
    </>
  )
}

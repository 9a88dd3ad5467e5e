import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { FileInput } from 'lucide-react'
import { RecordList, textColumn, type Column } from '@/billing/ui/RecordList'
import { ListHeader } from '@/billing/ui/ListHeader'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { WriteOnly } from '@/components/ui/role-note'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs, parseListState } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate, toMajor } from '@/billing/format'
import type { Expense } from '@/billing/types'
import { useT, type Translate } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { useExpenseActions } from './components/expense-actions'
import { PaymentBadge } from './components/PaymentBadge'
import { PhotoButton } from './components/PhotoButton'
import { ExpenseListTotals } from './components/ExpenseListTotals'
import { handOffReceipt, releaseHandedReceipt } from './data/receipt-handoff'
import { pendingExpense } from './data/pending'

const spec = listSpecs.expenses

const totalCell = (e: Expense) => (
  <bdi className="whitespace-nowrap tabular-nums">{formatMoney(e.total_cents, e.currency)}</bdi>
)

const columns = (t: Translate): Column<Expense>[] => [
  {
    id: 'vendor',
    header: t('expenses.column.vendor'),
    sortKey: 'vendor',
    cell: (e) => <bdi>{e.vendor_name}</bdi>,
    className: 'min-w-36 break-words',
  },
  {
    id: 'date',
    header: t('expenses.column.date'),
    sortKey: 'date',
    cell: (e) => <span className="whitespace-nowrap">{formatDate(e.date)}</span>,
  },
  textColumn<Expense>({
    id: 'category',
    header: t('expenses.column.category'),
    sortKey: 'category',
    from: 'lg',
    className: 'break-words',
    text: (e) => e.category,
  }),
  textColumn<Expense>({
    id: 'description',
    header: t('expenses.column.description'),
    from: 'xl',
    className: 'break-words',
    text: (e) => e.description,
  }),
  {
    id: 'state',
    header: t('expenses.column.state'),
    cell: (e) => <PaymentBadge state={e.payment_state} />,
    from: 'lg',
  },
  {
    id: 'vat',
    header: t('expenses.column.vat'),
    cell: (e) => (
      <bdi className="whitespace-nowrap tabular-nums">{formatMoney(e.vat_cents, e.currency)}</bdi>
    ),
    align: 'end',
    from: 'xl',
  },
  {
    id: 'total',
    header: t('expenses.column.total'),
    sortKey: 'total',
    cell: totalCell,
    align: 'end',
  },
]

/**
 * /expenses: the business's costs, searched, by tab (all, unpaid, paid) and period, with the
 * totals per currency of what is listed, exported as CSV. Members record, the accountant reads.
 */
export default function ExpensesPage() {
  const t = useT()
  const [, navigate] = useLocation()
  const state = parseListState(useSearch(), spec)
  const role = useRole()
  const [deleting, setDeleting] = useState<Expense | null>(null)
  const actions = useExpenseActions()
  // Back at the list: a photo handed to a new expense that was not saved is let go.
  useEffect(() => releaseHandedReceipt(), [])
  return (
    <>
      <ListHeader
        title={t('expenses.list.title')}
        description={t('expenses.list.description')}
        newHref={recordPaths.expenseNew}
        newLabel={t('expenses.list.new')}
      />
      <WriteOnly>
        <div className="-mt-3 mb-4 flex flex-wrap gap-2">
          <PhotoButton
            label={t('expenses.list.photo')}
            onPick={(file) => {
              handOffReceipt(file)
              navigate(recordPaths.expenseNew)
            }}
          />
          <PreloadLink href={paths.expensesImport} className={buttonClass('outline')}>
            <FileInput className="size-4" aria-hidden />
            {t('expenses.list.importEinvoice')}
          </PreloadLink>
        </div>
      </WriteOnly>
      <ExpenseListTotals state={state} />
      <RecordList<Expense>
        spec={spec}
        basePath={paths.expenses}
        columns={columns(t)}
        rowLabel={(e) => e.vendor_name}
        rowHref={(e) => recordPaths.expense(e.id)}
        cardDetail={(e) => [formatDate(e.date), e.category].filter(Boolean).join(' · ')}
        cardAside={totalCell}
        rowActions={(e) => [
          { label: t('expenses.action.open'), onSelect: () => navigate(recordPaths.expense(e.id)) },
          ...(role.can('write')
            ? [
                {
                  label: t('expenses.action.edit'),
                  onSelect: () => navigate(recordPaths.expenseEdit(e.id)),
                },
              ]
            : []),
          ...(role.can('manage')
            ? [
                {
                  label: t('expenses.action.delete'),
                  destructive: true,
                  onSelect: () => setDeleting(e),
                },
              ]
            : []),
        ]}
        pendingRows={(p) => p.creates.map((v) => pendingExpense(v.id, v.body))}
        csv={{
          filename: 'expenses',
          columns: [
            { header: t('expenses.csv.date'), value: (e) => isoDate(e.date) },
            { header: t('expenses.csv.vendor'), value: (e) => e.vendor_name },
            { header: t('expenses.csv.number'), value: (e) => e.number },
            { header: t('expenses.csv.description'), value: (e) => e.description },
            { header: t('expenses.csv.category'), value: (e) => e.category },
            { header: t('expenses.csv.currency'), value: (e) => e.currency },
            { header: t('expenses.csv.net'), value: (e) => toMajor(e.net_cents, e.currency) },
            { header: t('expenses.csv.vat'), value: (e) => toMajor(e.vat_cents, e.currency) },
            { header: t('expenses.csv.total'), value: (e) => toMajor(e.total_cents, e.currency) },
            {
              header: t('expenses.csv.rates'),
              value: (e) =>
                (e.vat_lines ?? [])
                  .map((l) => `${l.rate} %: ${toMajor(l.vat_cents, e.currency)}`)
                  .join('; '),
            },
            {
              header: t('expenses.csv.state'),
              value: (e) => t(`expenses.state.${e.payment_state}`),
            },
            { header: t('expenses.csv.paidOn'), value: (e) => isoDate(e.paid_on) },
            {
              header: t('expenses.csv.method'),
              value: (e) => (e.payment_method ? t(`expenses.method.${e.payment_method}`) : ''),
            },
            { header: t('expenses.csv.dueDate'), value: (e) => isoDate(e.due_date) },
            { header: t('expenses.csv.note'), value: (e) => e.note },
          ],
        }}
        empty={
          <EmptyState
            title={t('expenses.list.emptyTitle')}
            action={
              <WriteOnly>
                <PreloadLink href={recordPaths.expenseNew} className={buttonClass()}>
                  {t('expenses.list.addFirst')}
                </PreloadLink>
              </WriteOnly>
            }
          >
            {t('expenses.list.emptyText')}
          </EmptyState>
        }
      />
      {actions.deleteDialog(deleting, () => setDeleting(null))}
    </>
  )
}

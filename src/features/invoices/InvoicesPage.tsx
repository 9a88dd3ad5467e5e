import { useLocation } from 'wouter'
import { Plus } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { InvoiceStatusBadge } from '@/billing/ui/StatusBadge'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate, toMajor } from '@/billing/format'
import { invoiceActions, invoiceDisplayStatus, statusLabels } from '@/billing/status'
import type { Invoice } from '@/billing/types'
import { changeStatus } from '@/billing/ui/documents/doc-actions'

const columns: Column<Invoice>[] = [
  { id: 'number', header: 'Number', sortKey: 'number', cell: (i) => i.number || 'Draft' },
  {
    id: 'customer',
    header: 'Customer',
    sortKey: 'customer',
    cell: (i) => i.expand?.customer?.name ?? '—',
  },
  { id: 'issued', header: 'Issued', sortKey: 'issue_date', cell: (i) => formatDate(i.issue_date) },
  { id: 'due', header: 'Due', sortKey: 'due_date', cell: (i) => formatDate(i.due_date) },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    cell: (i) => <InvoiceStatusBadge invoice={i} />,
  },
  {
    id: 'total',
    header: 'Total',
    sortKey: 'total',
    align: 'end',
    cell: (i) => formatMoney(i.total_cents, i.currency),
  },
  {
    id: 'balance',
    header: 'Balance',
    sortKey: 'balance',
    align: 'end',
    cell: (i) => formatMoney(i.balance_cents, i.currency),
  },
]

export default function InvoicesPage() {
  const [, navigate] = useLocation()
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Everything you have billed, with what is paid, due and overdue."
        actions={
          <PreloadLink href={recordPaths.invoiceNew} className={buttonClass()}>
            <Plus className="size-4" aria-hidden />
            New invoice
          </PreloadLink>
        }
      />
      <RecordList<Invoice>
        spec={listSpecs.invoices}
        basePath={paths.invoices}
        noun="invoices"
        columns={columns}
        rowLabel={(i) => i.number || 'Draft invoice'}
        rowHref={(i) => recordPaths.invoice(i.id)}
        cardDetail={(i) => `${i.expand?.customer?.name ?? ''} · due ${formatDate(i.due_date)}`}
        cardAside={(i) => (
          <span className="grid justify-items-end gap-1">
            <span className="tabular-nums">
              {formatMoney(i.balance_cents || i.total_cents, i.currency)}
            </span>
            <InvoiceStatusBadge invoice={i} />
          </span>
        )}
        rowActions={(i) => {
          const can = invoiceActions(i)
          return [
            { label: 'Open', onSelect: () => navigate(recordPaths.invoice(i.id)) },
            ...(can.includes('edit')
              ? [{ label: 'Edit', onSelect: () => navigate(recordPaths.invoiceEdit(i.id)) }]
              : []),
            ...(can.includes('markSent')
              ? [
                  {
                    label: 'Mark as sent',
                    onSelect: () =>
                      void changeStatus('invoices', i, { status: 'sent' }, 'Marked as sent'),
                  },
                ]
              : []),
            ...(can.includes('recordPayment')
              ? [{ label: 'Record payment', onSelect: () => navigate(recordPaths.invoice(i.id)) }]
              : []),
            { label: 'Print', onSelect: () => navigate(recordPaths.invoicePrint(i.id)) },
            {
              label: 'Duplicate',
              onSelect: () => navigate(`${recordPaths.invoiceNew}?from=${i.id}`),
            },
          ]
        }}
        pendingRows={(p) =>
          p.creates.map(
            (v) =>
              ({
                ...(v.body as Partial<Invoice>),
                id: v.id,
                status: 'draft',
                number: '',
                paid_cents: 0,
                balance_cents: 0,
              }) as Invoice,
          )
        }
        csv={{
          filename: 'invoices',
          columns: [
            { header: 'Number', value: (i) => i.number },
            { header: 'Customer', value: (i) => i.expand?.customer?.name ?? '' },
            { header: 'Issue date', value: (i) => isoDate(i.issue_date) },
            { header: 'Due date', value: (i) => isoDate(i.due_date) },
            { header: 'Status', value: (i) => statusLabels[invoiceDisplayStatus(i)] },
            { header: 'Currency', value: (i) => i.currency },
            { header: 'Subtotal', value: (i) => toMajor(i.subtotal_cents, i.currency) },
            { header: 'Discount', value: (i) => toMajor(i.discount_cents, i.currency) },
            { header: 'Tax', value: (i) => toMajor(i.tax_cents, i.currency) },
            { header: 'Total', value: (i) => toMajor(i.total_cents, i.currency) },
            { header: 'Paid', value: (i) => toMajor(i.paid_cents, i.currency) },
            { header: 'Balance', value: (i) => toMajor(i.balance_cents, i.currency) },
            { header: 'Paid on', value: (i) => isoDate(i.paid_at) },
          ],
        }}
        empty={
          <EmptyState
            title="No invoices found"
            action={
              <PreloadLink href={recordPaths.invoiceNew} className={buttonClass()}>
                Create an invoice
              </PreloadLink>
            }
          >
            Invoices you create, or convert from accepted quotes, appear here. If you searched or
            filtered, try clearing it.
          </EmptyState>
        }
      />
    </>
  )
}

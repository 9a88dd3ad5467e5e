import { useLocation } from 'wouter'
import { Plus } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { QuoteStatusBadge } from '@/billing/ui/StatusBadge'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate, toMajor } from '@/billing/format'
import { quoteActions, quoteDisplayStatus, statusLabels } from '@/billing/status'
import type { Quote } from '@/billing/types'
import { changeStatus } from '@/billing/ui/documents/doc-actions'

const columns: Column<Quote>[] = [
  { id: 'number', header: 'Number', sortKey: 'number', cell: (q) => q.number || 'Draft' },
  {
    id: 'customer',
    header: 'Customer',
    sortKey: 'customer',
    cell: (q) => q.expand?.customer?.name ?? '—',
  },
  { id: 'issued', header: 'Issued', sortKey: 'issue_date', cell: (q) => formatDate(q.issue_date) },
  {
    id: 'expires',
    header: 'Expires',
    sortKey: 'expiry_date',
    cell: (q) => formatDate(q.expiry_date),
  },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    cell: (q) => <QuoteStatusBadge quote={q} />,
  },
  {
    id: 'total',
    header: 'Total',
    sortKey: 'total',
    align: 'end',
    cell: (q) => formatMoney(q.total_cents, q.currency),
  },
]

export default function QuotesPage() {
  const [, navigate] = useLocation()
  return (
    <>
      <PageHeader
        title="Quotes"
        description="Estimates you send before the work, and what became of them."
        actions={
          <PreloadLink href={recordPaths.quoteNew} className={buttonClass()}>
            <Plus className="size-4" aria-hidden />
            New quote
          </PreloadLink>
        }
      />
      <RecordList<Quote>
        spec={listSpecs.quotes}
        basePath={paths.quotes}
        noun="quotes"
        columns={columns}
        rowLabel={(q) => q.number || 'Draft quote'}
        rowHref={(q) => recordPaths.quote(q.id)}
        cardDetail={(q) => `${q.expand?.customer?.name ?? ''} · ${formatDate(q.issue_date)}`}
        cardAside={(q) => (
          <span className="grid justify-items-end gap-1">
            <span className="tabular-nums">{formatMoney(q.total_cents, q.currency)}</span>
            <QuoteStatusBadge quote={q} />
          </span>
        )}
        rowActions={(q) => {
          const can = quoteActions(q)
          return [
            { label: 'Open', onSelect: () => navigate(recordPaths.quote(q.id)) },
            ...(can.includes('edit')
              ? [{ label: 'Edit', onSelect: () => navigate(recordPaths.quoteEdit(q.id)) }]
              : []),
            ...(can.includes('markSent')
              ? [
                  {
                    label: 'Mark as sent',
                    onSelect: () =>
                      void changeStatus('quotes', q, { status: 'sent' }, 'Marked as sent'),
                  },
                ]
              : []),
            ...(can.includes('accept')
              ? [
                  {
                    label: 'Accept',
                    onSelect: () =>
                      void changeStatus('quotes', q, { status: 'accepted' }, 'Accepted'),
                  },
                ]
              : []),
            { label: 'Print', onSelect: () => navigate(recordPaths.quotePrint(q.id)) },
            {
              label: 'Duplicate',
              onSelect: () => navigate(`${recordPaths.quoteNew}?from=${q.id}`),
            },
          ]
        }}
        pendingRows={(p) =>
          p.creates.map(
            (v) =>
              ({ ...(v.body as Partial<Quote>), id: v.id, status: 'draft', number: '' }) as Quote,
          )
        }
        csv={{
          filename: 'quotes',
          columns: [
            { header: 'Number', value: (q) => q.number },
            { header: 'Customer', value: (q) => q.expand?.customer?.name ?? '' },
            { header: 'Issue date', value: (q) => isoDate(q.issue_date) },
            { header: 'Expiry date', value: (q) => isoDate(q.expiry_date) },
            { header: 'Status', value: (q) => statusLabels[quoteDisplayStatus(q)] },
            { header: 'Currency', value: (q) => q.currency },
            { header: 'Subtotal', value: (q) => toMajor(q.subtotal_cents, q.currency) },
            { header: 'Discount', value: (q) => toMajor(q.discount_cents, q.currency) },
            { header: 'Tax', value: (q) => toMajor(q.tax_cents, q.currency) },
            { header: 'Total', value: (q) => toMajor(q.total_cents, q.currency) },
          ],
        }}
        empty={
          <EmptyState
            title="No quotes found"
            action={
              <PreloadLink href={recordPaths.quoteNew} className={buttonClass()}>
                Create a quote
              </PreloadLink>
            }
          >
            Quotes you create appear here with their status. If you searched or filtered, try
            clearing it.
          </EmptyState>
        }
      />
    </>
  )
}

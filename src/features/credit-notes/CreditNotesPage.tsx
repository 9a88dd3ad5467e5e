import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { EmptyState } from '@/components/ui/card'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate, toMajor } from '@/billing/format'
import type { CreditNote } from '@/billing/types'
import { useT, type Translate } from '@/lib/i18n'

const columnsFor = (t: Translate): Column<CreditNote>[] => [
  {
    id: 'number',
    header: t('credits.column.number'),
    sortKey: 'number',
    cell: (c) => c.number,
    className: 'whitespace-nowrap',
  },
  {
    id: 'customer',
    header: t('credits.column.customer'),
    sortKey: 'customer',
    cell: (c) => c.expand?.customer?.name ?? '—',
    detail: (c) => c.expand?.customer?.name,
    from: 'lg',
    className: 'min-w-32 break-words',
  },
  {
    id: 'invoice',
    header: t('credits.column.invoice'),
    sortKey: 'invoice',
    cell: (c) => c.expand?.invoice?.number ?? '—',
    detail: (c) => c.expand?.invoice?.number,
    from: 'lg',
    className: 'whitespace-nowrap',
  },
  {
    id: 'issued',
    header: t('credits.column.issued'),
    sortKey: 'issue_date',
    cell: (c) => formatDate(c.issue_date),
    from: 'xl',
    className: 'whitespace-nowrap',
  },
  {
    id: 'refunded',
    header: t('credits.column.refunded'),
    align: 'end',
    cell: (c) => formatMoney(c.refunded_cents, c.currency),
    detail: () => null,
    from: 'xl',
  },
  {
    id: 'total',
    header: t('credits.column.total'),
    sortKey: 'total',
    align: 'end',
    cell: (c) => formatMoney(c.total_cents, c.currency),
  },
]

/** /credit-notes: every credit note, with tabs (all, credit left, refunded), search and CSV. */
export default function CreditNotesPage() {
  const t = useT()
  return (
    <>
      <PageHeader title={t('credits.list.title')} description={t('credits.list.description')} />
      <RecordList<CreditNote>
        spec={listSpecs.credit_notes}
        basePath={paths.creditNotes}
        columns={columnsFor(t)}
        rowLabel={(c) => c.number}
        rowHref={(c) => recordPaths.creditNote(c.id)}
        cardDetail={(c) => (
          <>
            <bdi>{c.expand?.customer?.name ?? ''}</bdi>
            {' · '}
            <bdi>{c.expand?.invoice?.number ?? ''}</bdi>
            {' · '}
            <bdi>{formatDate(c.issue_date)}</bdi>
          </>
        )}
        cardAside={(c) => (
          <bdi className="tabular-nums">{formatMoney(c.total_cents, c.currency)}</bdi>
        )}
        csv={{
          filename: 'credit-notes',
          columns: [
            { header: t('credits.csv.number'), value: (c) => c.number },
            { header: t('credits.csv.date'), value: (c) => isoDate(c.issue_date) },
            { header: t('credits.csv.customer'), value: (c) => c.expand?.customer?.name ?? '' },
            { header: t('credits.csv.invoice'), value: (c) => c.expand?.invoice?.number ?? '' },
            { header: t('credits.csv.reason'), value: (c) => c.reason },
            { header: t('credits.csv.currency'), value: (c) => c.currency },
            {
              header: t('credits.csv.net'),
              value: (c) => toMajor(c.subtotal_cents - c.discount_cents, c.currency),
            },
            { header: t('credits.csv.tax'), value: (c) => toMajor(c.tax_cents, c.currency) },
            { header: t('credits.csv.total'), value: (c) => toMajor(c.total_cents, c.currency) },
            {
              header: t('credits.csv.refunded'),
              value: (c) => toMajor(c.refunded_cents, c.currency),
            },
          ],
        }}
        empty={
          <EmptyState title={t('credits.list.emptyTitle')}>
            {t('credits.list.emptyText')}
          </EmptyState>
        }
      />
    </>
  )
}

import { DocumentListHeader } from '@/billing/ui/documents/DocumentListHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { QuoteStatusBadge } from '@/billing/ui/StatusBadge'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate } from '@/billing/format'
import { quoteActions, quoteDisplayStatus, statusLabel } from '@/billing/status'
import type { Quote } from '@/billing/types'
import {
  amountCsvColumns,
  documentRowActions,
  headColumns,
  headCsvColumns,
  useDocumentList,
} from '@/billing/ui/documents/list-parts'
import type { Translate } from '@/lib/i18n'
import { WriteOnly } from '@/components/ui/role-note'

const columnsFor = (t: Translate): Column<Quote>[] => [
  ...headColumns<Quote>(t, (q) => (
    <span className="whitespace-nowrap">{formatDate(q.issue_date)}</span>
  )),
  {
    id: 'expires',
    header: t('documents.quotes.expires'),
    sortKey: 'expiry_date',
    cell: (q) => formatDate(q.expiry_date),
    // Under the label on narrow screens the date would read as the issue date, as on the cards.
    detail: () => null,
    from: 'lg',
    className: 'whitespace-nowrap',
  },
  {
    id: 'status',
    header: t('documents.list.status'),
    sortKey: 'status',
    cell: (q) => <QuoteStatusBadge quote={q} />,
  },
  {
    id: 'total',
    header: t('documents.list.total'),
    sortKey: 'total',
    align: 'end',
    cell: (q) => formatMoney(q.total_cents, q.currency),
  },
]

export default function QuotesPage() {
  const { t, columns, writer, list } = useDocumentList(columnsFor)
  return (
    <>
      <DocumentListHeader kind="quotes" />
      <RecordList<Quote>
        spec={listSpecs.quotes}
        basePath={paths.quotes}
        columns={columns}
        rowLabel={(q) => q.number || t('documents.quotes.draftQuote')}
        rowHref={(q) => recordPaths.quote(q.id)}
        cardDetail={(q) => (
          <>
            <bdi>{q.expand?.customer?.name ?? ''}</bdi>
            {' · '}
            <bdi>{formatDate(q.issue_date)}</bdi>
          </>
        )}
        cardAside={(q) => (
          <span className="grid justify-items-end gap-1">
            <bdi className="tabular-nums">{formatMoney(q.total_cents, q.currency)}</bdi>
            <QuoteStatusBadge quote={q} />
          </span>
        )}
        rowActions={(q) => documentRowActions('quotes', q, writer ? quoteActions(q) : [], list)}
        pendingRows={(p) =>
          p.creates.map(
            (v) =>
              ({ ...(v.body as Partial<Quote>), id: v.id, status: 'draft', number: '' }) as Quote,
          )
        }
        csv={{
          filename: 'quotes',
          columns: [
            ...headCsvColumns<Quote>('quotes', t),
            { header: t('documents.csv.expiryDate'), value: (q) => isoDate(q.expiry_date) },
            {
              header: t('documents.csv.status'),
              value: (q) => statusLabel(quoteDisplayStatus(q), t),
            },
            ...amountCsvColumns<Quote>(t),
          ],
        }}
        empty={
          <EmptyState
            title={t('documents.quotes.emptyTitle')}
            action={
              <WriteOnly>
                <PreloadLink href={recordPaths.quoteNew} className={buttonClass()}>
                  {t('documents.quotes.create')}
                </PreloadLink>
              </WriteOnly>
            }
          >
            {t('documents.quotes.empty')}
          </EmptyState>
        }
      />
    </>
  )
}

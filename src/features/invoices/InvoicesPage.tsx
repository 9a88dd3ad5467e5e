import { DocumentListHeader } from '@/billing/ui/documents/DocumentListHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { InvoiceStatusBadge } from '@/billing/ui/StatusBadge'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate, toMajor } from '@/billing/format'
import { invoiceActions, invoiceDisplayStatus, statusLabel } from '@/billing/status'
import type { Invoice } from '@/billing/types'
import {
  amountCsvColumns,
  documentRowActions,
  headColumns,
  headCsvColumns,
  useDocumentList,
} from '@/billing/ui/documents/list-parts'
import type { Translate } from '@/lib/i18n'

const columnsFor = (t: Translate): Column<Invoice>[] => [
  // The issue date is the least needed (the invoice shows it): not repeated in the secondary line.
  ...headColumns<Invoice>(t, () => null),
  {
    id: 'due',
    header: t('documents.invoices.due'),
    sortKey: 'due_date',
    cell: (i) => formatDate(i.due_date),
    detail: (i) => (
      <span className="whitespace-nowrap">
        {t('documents.invoices.dueOn', { date: formatDate(i.due_date) })}
      </span>
    ),
    from: 'xl',
    className: 'whitespace-nowrap',
  },
  {
    id: 'status',
    header: t('documents.list.status'),
    sortKey: 'status',
    cell: (i) => <InvoiceStatusBadge invoice={i} />,
  },
  {
    id: 'total',
    header: t('documents.list.total'),
    sortKey: 'total',
    align: 'end',
    cell: (i) => formatMoney(i.total_cents, i.currency),
    detail: () => null,
    from: 'lg',
  },
  {
    id: 'balance',
    header: t('documents.invoices.balance'),
    sortKey: 'balance',
    align: 'end',
    cell: (i) => formatMoney(i.balance_cents, i.currency),
  },
]

export default function InvoicesPage() {
  const { t, columns, writer, list } = useDocumentList(columnsFor)
  return (
    <>
      <DocumentListHeader kind="invoices" />
      <RecordList<Invoice>
        spec={listSpecs.invoices}
        basePath={paths.invoices}
        columns={columns}
        rowLabel={(i) => i.number || t('documents.invoices.draftInvoice')}
        rowHref={(i) => recordPaths.invoice(i.id)}
        cardDetail={(i) => (
          <>
            <bdi>{i.expand?.customer?.name ?? ''}</bdi>
            {' · '}
            <bdi>{t('documents.invoices.dueOn', { date: formatDate(i.due_date) })}</bdi>
          </>
        )}
        cardAside={(i) => (
          <span className="grid justify-items-end gap-1">
            <bdi className="tabular-nums">
              {formatMoney(i.balance_cents || i.total_cents, i.currency)}
            </bdi>
            <InvoiceStatusBadge invoice={i} />
          </span>
        )}
        rowActions={(i) => documentRowActions('invoices', i, writer ? invoiceActions(i) : [], list)}
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
            ...headCsvColumns<Invoice>('invoices', t),
            { header: t('documents.csv.dueDate'), value: (i) => isoDate(i.due_date) },
            {
              header: t('documents.csv.status'),
              value: (i) => statusLabel(invoiceDisplayStatus(i), t),
            },
            ...amountCsvColumns<Invoice>(t),
            { header: t('documents.csv.paid'), value: (i) => toMajor(i.paid_cents, i.currency) },
            {
              header: t('documents.csv.balance'),
              value: (i) => toMajor(i.balance_cents, i.currency),
            },
            { header: t('documents.csv.paidOn'), value: (i) => isoDate(i.paid_at) },
          ],
        }}
        empty={
          <EmptyState
            title={t('documents.invoices.emptyTitle')}
            action={
              writer ? (
                <PreloadLink href={recordPaths.invoiceNew} className={buttonClass()}>
                  {t('documents.invoices.create')}
                </PreloadLink>
              ) : undefined
            }
          >
            {t('documents.invoices.empty')}
          </EmptyState>
        }
      />
    </>
  )
}

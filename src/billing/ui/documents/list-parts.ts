import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { recordPaths } from '@/config/paths'
import { useRole } from '@/lib/roles'
import { useT } from '@/lib/i18n'
import type { MenuItem } from '@/components/ui/menu'
import type { CsvColumn } from '@/billing/csv'
import { formatDate, isoDate, toMajor } from '@/billing/format'
import type { Column } from '@/billing/ui/RecordList'
import type { DocumentKind, Invoice, Quote } from '@/billing/types'
import { changeStatus } from '@/billing/ui/documents/doc-actions'
import type { Translate } from '@/lib/i18n'

const routes = {
  quotes: {
    open: recordPaths.quote,
    edit: recordPaths.quoteEdit,
    print: recordPaths.quotePrint,
    new: recordPaths.quoteNew,
  },
  invoices: {
    open: recordPaths.invoice,
    edit: recordPaths.invoiceEdit,
    print: recordPaths.invoicePrint,
    new: recordPaths.invoiceNew,
  },
} as const

/** `item` when `shown`, nothing otherwise: a menu entry only some rows or roles get. */
export const menuIf = (shown: boolean, item: MenuItem): MenuItem[] => (shown ? [item] : [])

/**
 * The row menu of the quotes' and invoices' lists: open, edit, mark sent, accept (quotes) or
 * record a payment (invoices), print, duplicate. `can` is what the document's status allows (empty for a
 * reader); `writer` is whether the role may write at all.
 */
export function documentRowActions(
  kind: DocumentKind,
  doc: Quote | Invoice,
  can: readonly string[],
  list: { writer: boolean; navigate: (to: string) => void; t: Translate },
): MenuItem[] {
  const { writer, navigate, t } = list
  const to = routes[kind]
  return [
    { label: t('documents.actions.open'), onSelect: () => navigate(to.open(doc.id)) },
    ...menuIf(can.includes('edit'), {
      label: t('documents.actions.edit'),
      onSelect: () => navigate(to.edit(doc.id)),
    }),
    ...menuIf(can.includes('markSent'), {
      label: t('documents.actions.markSent'),
      onSelect: () => void changeStatus(kind, doc, { status: 'sent' }, 'markedSent'),
    }),
    // What only one kind has: a quote is accepted, an invoice's payment is recorded on its page.
    ...menuIf(can.includes('accept'), {
      label: t('documents.quote.accept'),
      onSelect: () => void changeStatus(kind, doc, { status: 'accepted' }, 'accepted'),
    }),
    ...menuIf(can.includes('recordPayment'), {
      label: t('documents.invoice.recordPayment'),
      onSelect: () => navigate(to.open(doc.id)),
    }),
    { label: t('documents.actions.print'), onSelect: () => navigate(to.print(doc.id)) },
    ...menuIf(writer, {
      label: t('documents.actions.duplicate'),
      onSelect: () => navigate(`${to.new}?from=${doc.id}`),
    }),
  ]
}

/** The CSV columns every document's export ends with: currency and the amounts. */
export function amountCsvColumns<D extends Quote | Invoice>(t: Translate): CsvColumn<D>[] {
  const money = (header: string, cents: (d: D) => number): CsvColumn<D> => ({
    header,
    value: (d) => toMajor(cents(d), d.currency),
  })
  return [
    { header: t('documents.csv.currency'), value: (d) => d.currency },
    money(t('documents.csv.subtotal'), (d) => d.subtotal_cents),
    money(t('documents.csv.discount'), (d) => d.discount_cents),
    money(t('documents.csv.tax'), (d) => d.tax_cents),
    money(t('documents.csv.total'), (d) => d.total_cents),
  ]
}

/** The CSV columns every document's export starts with: number, customer and issue date. */
export function headCsvColumns<D extends Quote | Invoice>(
  kind: DocumentKind,
  t: Translate,
): CsvColumn<D>[] {
  return [
    { header: t('documents.csv.number'), value: (d) => d.number },
    { header: t('documents.csv.customer'), value: (d) => d.expand?.customer?.name ?? '' },
    { header: t(`documents.issueDate.${kind}`), value: (d) => isoDate(d.issue_date) },
  ]
}

/**
 * The columns every document list starts with: number (or "Draft"), customer and issue date.
 * `issuedDetail` is what the issue date says under the label on narrow screens.
 */
export function headColumns<D extends Quote | Invoice>(
  t: Translate,
  issuedDetail: Column<D>['detail'],
): Column<D>[] {
  return [
    {
      id: 'number',
      header: t('documents.list.number'),
      sortKey: 'number',
      cell: (d) => d.number || t('documents.list.draft'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'customer',
      header: t('documents.list.customer'),
      sortKey: 'customer',
      cell: (d) => d.expand?.customer?.name ?? '—',
      detail: (d) => d.expand?.customer?.name,
      from: 'lg',
      className: 'min-w-32 break-words',
    },
    {
      id: 'issued',
      header: t('documents.list.issued'),
      sortKey: 'issue_date',
      cell: (d) => formatDate(d.issue_date),
      detail: issuedDetail,
      from: 'xl',
      className: 'whitespace-nowrap',
    },
  ]
}

/**
 * What a document list page starts with: its words, its columns, whether the role may write (an
 * accountant, or anyone in a closed business, only reads: no control would work) and what the
 * row menu needs (`list`).
 */
export function useDocumentList<D extends Quote | Invoice>(
  columnsFor: (t: Translate) => Column<D>[],
) {
  const t = useT()
  const [, navigate] = useLocation()
  const columns = useMemo(() => columnsFor(t), [t, columnsFor])
  const writer = useRole().can('write')
  return { t, columns, writer, list: { writer, navigate, t } }
}

import { useState, type ReactNode } from 'react'
import { RecordPending } from '@/billing/ui/RecordPending'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, buttonClass } from '@/components/ui/button'
import { PreloadLink } from '@/components/ui/preload-link'
import { InvoiceStatusBadge, PendingBadge, QuoteStatusBadge } from '@/billing/ui/StatusBadge'
import { recordPaths } from '@/config/paths'
import { customerDocumentsQuery, recordQuery } from '@/billing/queries'
import { aging } from '@/billing/aging'
import { AgingBars } from '@/billing/ui/AgingBars'
import { useOpenRow } from '@/billing/ui/open-row'
import { countryName } from '@/billing/currencies'
import { formatDate, formatMoney } from '@/billing/format'
import { isOutstanding, isOverdue } from '@/billing/status'
import { methodLabel, type Customer } from '@/billing/types'
import { richText, useT } from '@/lib/i18n'
import { cn } from '@/components/ui/cn'
import { hasDocuments, useCustomerActions } from './components/customer-actions'
import { useDocumentTitle } from '@/components/layout/document-title'
import { WriteOnly } from '@/components/ui/role-note'

export default function CustomerPage() {
  const t = useT()
  const { id } = useParams<{ id: string }>()
  const customer = useQuery(recordQuery<Customer>('customers', id))
  useDocumentTitle(customer.data?.name)
  const docs = useQuery(customerDocumentsQuery(id))
  const actions = useCustomerActions()
  const [deleting, setDeleting] = useState(false)

  const c = customer.data
  if (!c) {
    return <RecordPending failed={customer.isError} what="customer" />
  }
  const invoices = docs.data?.invoices ?? []
  const quotes = docs.data?.quotes ?? []
  const payments = docs.data?.payments ?? []
  const creditNotes = docs.data?.creditNotes ?? []
  // Credit the customer holds: paid and credited beyond invoice totals, not refunded.
  const creditKept = invoices.reduce((s, i) => s + Math.max(0, i.credit_cents ?? 0), 0)
  const outstanding = invoices.filter(isOutstanding).reduce((s, i) => s + i.balance_cents, 0)
  const overdue = invoices.filter((i) => isOverdue(i)).reduce((s, i) => s + i.balance_cents, 0)
  const buckets = aging(invoices)
  const pending = (c as Customer & { pending?: boolean }).pending
  const address = [
    c.address,
    [c.postal_code, c.city].filter(Boolean).join(' '),
    c.country ? countryName(c.country) : '',
  ]
    .filter(Boolean)
    .join('\n')

  return (
    <>
      <PageHeader
        title={c.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <bdi>{c.contact_name || t('customers.page.customer')}</bdi> · <bdi>{c.currency}</bdi>
            {c.archived ? <Badge tone="muted">{t('customers.archived')}</Badge> : null}
            {creditKept > 0 ? (
              <span>
                {richText(t, 'credits.customer.creditKept', {
                  amount: <Nowrap>{formatMoney(creditKept, c.currency)}</Nowrap>,
                })}
              </span>
            ) : null}
            {pending ? <PendingBadge /> : null}
          </span>
        }
        actions={
          // Always its own row under the title, wrapping: the buttons stay where they are.
          <WriteOnly>
            <div className="flex basis-full flex-wrap gap-2">
              <PreloadLink
                href={`${recordPaths.invoiceNew}?customer=${c.id}`}
                className={buttonClass()}
              >
                {t('customers.action.newInvoice')}
              </PreloadLink>
              <PreloadLink
                href={`${recordPaths.quoteNew}?customer=${c.id}`}
                className={buttonClass('outline')}
              >
                {t('customers.action.newQuote')}
              </PreloadLink>
              <PreloadLink href={recordPaths.customerEdit(c.id)} className={buttonClass('outline')}>
                {t('customers.action.edit')}
              </PreloadLink>
              <Button variant="outline" onClick={() => void actions.setArchived(c, !c.archived)}>
                {c.archived ? t('customers.action.restore') : t('customers.action.archive')}
              </Button>
              {/* A customer with documents can't be deleted: Archive is what is offered. Delete
                shows once that is known (at the end: nothing before it moves). */}
              {!docs.data || hasDocuments(docs.data) ? null : (
                <Button variant="destructive" onClick={() => setDeleting(true)}>
                  {t('customers.action.delete')}
                </Button>
              )}
            </div>
          </WriteOnly>
        }
      />
      <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <Card className="grid content-start gap-1">
          <h2 className="text-sm text-muted-foreground">{t('customers.page.outstanding')}</h2>
          <p className="text-2xl font-semibold whitespace-nowrap tabular-nums">
            <bdi>{formatMoney(outstanding, c.currency)}</bdi>
          </p>
          <p className="text-sm text-muted-foreground">
            {overdue > 0
              ? richText(t, 'customers.page.overdue', {
                  amount: <Nowrap>{formatMoney(overdue, c.currency)}</Nowrap>,
                })
              : t('customers.page.nothingOverdue')}
          </p>
        </Card>
        <Card className="lg:col-span-2">
          <h2 className="mb-3 text-sm text-muted-foreground">{t('customers.page.aging')}</h2>
          <AgingBars
            buckets={buckets}
            currency={c.currency}
            empty={richText(t, 'records.aging.nothingOwed', { name: <bdi>{c.name}</bdi> })}
          />
        </Card>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <Card className="grid content-start gap-2 text-sm break-words">
          <h2 className="font-semibold">{t('customers.page.details')}</h2>
          {c.email ? (
            <a href={`mailto:${c.email}`} className="underline [overflow-wrap:anywhere]">
              <bdi>{c.email}</bdi>
            </a>
          ) : (
            <span className="text-muted-foreground">{t('customers.page.noEmail')}</span>
          )}
          {c.phone ? (
            <span>
              <bdi>{c.phone}</bdi>
            </span>
          ) : null}
          {c.website ? (
            <a
              href={c.website}
              target="_blank"
              rel="noreferrer noopener"
              className="underline [overflow-wrap:anywhere]"
            >
              <bdi>{c.website}</bdi>
            </a>
          ) : null}
          {address ? (
            <span>
              {address.split('\n').map((line, i) => (
                <span key={i} className="block">
                  <bdi>{line}</bdi>
                </span>
              ))}
            </span>
          ) : null}
          {c.tax_id ? (
            <span>{richText(t, 'customers.page.taxId', { taxId: <bdi>{c.tax_id}</bdi> })}</span>
          ) : null}
          <span>{t('customers.page.paymentTerms', { days: c.payment_terms_days })}</span>
          {c.notes ? (
            <p className="whitespace-pre-line text-muted-foreground">
              <bdi>{c.notes}</bdi>
            </p>
          ) : null}
        </Card>
        <div className="grid content-start gap-4 lg:col-span-2 [&>*]:min-w-0">
          <DocTable
            title={t('customers.page.invoices')}
            empty={t('customers.page.noInvoices')}
            columns={[
              { head: t('customers.column.number') },
              { head: t('customers.column.issued'), from: '2xl' },
              { head: t('customers.column.due'), from: 'lg' },
              { head: t('customers.column.status'), from: 'sm' },
              { head: t('customers.column.total'), from: 'md', end: true },
              { head: t('customers.column.balance'), end: true },
            ]}
            rows={invoices.map((i) => ({
              id: i.id,
              href: recordPaths.invoice(i.id),
              cells: [
                i.number ? <bdi>{i.number}</bdi> : t('customers.page.draft'),
                <Nowrap key="i">{formatDate(i.issue_date)}</Nowrap>,
                <Nowrap key="d">{formatDate(i.due_date)}</Nowrap>,
                <InvoiceStatusBadge key="s" invoice={i} />,
                <Nowrap key="t">{formatMoney(i.total_cents, i.currency)}</Nowrap>,
                <Nowrap key="b">{formatMoney(i.balance_cents, i.currency)}</Nowrap>,
              ],
              notes: [
                null,
                richText(t, 'customers.page.issuedOn', {
                  date: <Nowrap>{formatDate(i.issue_date)}</Nowrap>,
                }),
                richText(t, 'customers.page.dueOn', {
                  date: <Nowrap>{formatDate(i.due_date)}</Nowrap>,
                }),
                <InvoiceStatusBadge key="s" invoice={i} />,
                richText(t, 'customers.page.totalOf', {
                  amount: <Nowrap>{formatMoney(i.total_cents, i.currency)}</Nowrap>,
                }),
                null,
              ],
            }))}
          />
          <DocTable
            title={t('customers.page.quotes')}
            empty={t('customers.page.noQuotes')}
            columns={[
              { head: t('customers.column.number') },
              { head: t('customers.column.issued'), from: 'xl' },
              { head: t('customers.column.expires'), from: 'md' },
              { head: t('customers.column.status'), from: 'sm' },
              { head: t('customers.column.total'), end: true },
            ]}
            rows={quotes.map((q) => ({
              id: q.id,
              href: recordPaths.quote(q.id),
              cells: [
                q.number ? <bdi>{q.number}</bdi> : t('customers.page.draft'),
                <Nowrap key="i">{formatDate(q.issue_date)}</Nowrap>,
                <Nowrap key="e">{formatDate(q.expiry_date)}</Nowrap>,
                <QuoteStatusBadge key="s" quote={q} />,
                <Nowrap key="t">{formatMoney(q.total_cents, q.currency)}</Nowrap>,
              ],
              notes: [
                null,
                richText(t, 'customers.page.issuedOn', {
                  date: <Nowrap>{formatDate(q.issue_date)}</Nowrap>,
                }),
                richText(t, 'customers.page.expiresOn', {
                  date: <Nowrap>{formatDate(q.expiry_date)}</Nowrap>,
                }),
                <QuoteStatusBadge key="s" quote={q} />,
                null,
              ],
            }))}
          />
          <DocTable
            title={t('customers.page.payments')}
            empty={t('customers.page.noPayments')}
            columns={[
              { head: t('customers.column.number') },
              { head: t('customers.column.date'), from: 'md' },
              { head: t('customers.column.invoice'), from: 'sm' },
              { head: t('customers.column.method'), from: 'lg' },
              { head: t('customers.column.amount'), end: true },
            ]}
            rows={payments.map((p) => {
              const invoiceNumber = p.expand?.invoice?.number
              return {
                id: p.id,
                href: recordPaths.invoice(p.invoice),
                cells: [
                  <bdi key="n">{p.number}</bdi>,
                  <Nowrap key="d">{formatDate(p.date)}</Nowrap>,
                  invoiceNumber ? <bdi key="i">{invoiceNumber}</bdi> : '—',
                  methodLabel(p.method, t),
                  <Nowrap key="a">{formatMoney(p.amount_cents, p.currency)}</Nowrap>,
                ],
                notes: [
                  null,
                  <Nowrap key="d">{formatDate(p.date)}</Nowrap>,
                  invoiceNumber
                    ? richText(t, 'customers.page.forInvoice', {
                        number: <bdi>{invoiceNumber}</bdi>,
                      })
                    : null,
                  methodLabel(p.method, t),
                  null,
                ],
              }
            })}
          />
          <DocTable
            title={t('credits.customer.title')}
            empty={t('credits.customer.none')}
            columns={[
              { head: t('customers.column.number') },
              { head: t('customers.column.date'), from: 'md' },
              { head: t('customers.column.invoice'), from: 'sm' },
              { head: t('customers.column.amount'), end: true },
            ]}
            rows={creditNotes.map((cn) => {
              const invoiceNumber = cn.expand?.invoice?.number
              return {
                id: cn.id,
                href: recordPaths.creditNote(cn.id),
                cells: [
                  <bdi key="n">{cn.number}</bdi>,
                  <Nowrap key="d">{formatDate(cn.issue_date)}</Nowrap>,
                  invoiceNumber ? <bdi key="i">{invoiceNumber}</bdi> : '—',
                  <Nowrap key="a">{formatMoney(cn.total_cents, cn.currency)}</Nowrap>,
                ],
                notes: [
                  null,
                  <Nowrap key="d">{formatDate(cn.issue_date)}</Nowrap>,
                  invoiceNumber
                    ? richText(t, 'customers.page.forInvoice', {
                        number: <bdi>{invoiceNumber}</bdi>,
                      })
                    : null,
                  null,
                ],
              }
            })}
          />
        </div>
      </div>
      {actions.deleteDialog(deleting ? c : null, () => setDeleting(false))}
    </>
  )
}

/**
 * A date, a number or an amount: isolated from the text around it, so "€3,290.74" and
 * "INV-00042" read the same in a right-to-left page, and never broken over two lines.
 */
function Nowrap({ children }: { children: ReactNode }) {
  return <bdi className="whitespace-nowrap tabular-nums">{children}</bdi>
}

/**
 * From which width of the table's card a column shows (container widths: sm 24rem, md 28rem,
 * lg 32rem, xl 36rem, 2xl 42rem). Narrower, its value moves under the row's number: nothing is
 * lost, and no amount is cut off or wraps.
 */
const FROM = {
  sm: { cell: 'hidden @sm:table-cell', note: '@sm:hidden' },
  md: { cell: 'hidden @md:table-cell', note: '@md:hidden' },
  lg: { cell: 'hidden @lg:table-cell', note: '@lg:hidden' },
  xl: { cell: 'hidden @xl:table-cell', note: '@xl:hidden' },
  '2xl': { cell: 'hidden @2xl:table-cell', note: '@2xl:hidden' },
} as const

interface Column {
  head: string
  /** Shown from this card width on; always when absent. */
  from?: keyof typeof FROM
  /** Aligned to the end (amounts). */
  end?: boolean
}

function DocTable({
  title,
  columns,
  rows,
  empty,
}: {
  title: string
  columns: Column[]
  rows: Array<{
    id: string
    href: string
    cells: ReactNode[]
    /** What each column says under the number while the column is hidden. */
    notes: ReactNode[]
  }>
  empty: string
}) {
  const openRow = useOpenRow()
  const cellClass = (col: Column, i: number) =>
    cn(
      'px-3 py-2 align-top',
      i === 0 && 'ps-4',
      i === columns.length - 1 && 'pe-4',
      col.end ? 'text-end' : 'text-start',
      col.from && FROM[col.from].cell,
    )
  return (
    <Card className="@container p-0!">
      <h2 className="px-4 pt-4 font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr>
              {columns.map((col, i) => (
                <th key={col.head} scope="col" className={cn(cellClass(col, i), 'font-medium')}>
                  {col.head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.id}
                className="cursor-pointer border-t border-border hover:bg-muted/30"
                onClick={(e) => openRow(e, r.href)}
              >
                {r.cells.map((cell, i) => {
                  const col = columns[i]!
                  return (
                    <td key={i} className={cellClass(col, i)}>
                      {i === 0 ? (
                        <>
                          <Link
                            href={r.href}
                            className="font-medium whitespace-nowrap underline-offset-4 hover:underline"
                          >
                            {cell}
                          </Link>
                          <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                            {r.notes.map((note, n) => {
                              const from = columns[n]?.from
                              return note && from ? (
                                <span key={n} className={FROM[from].note}>
                                  {note}
                                </span>
                              ) : null
                            })}
                          </span>
                        </>
                      ) : (
                        cell
                      )}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  )
}

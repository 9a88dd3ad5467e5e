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
import { countryName } from '@/billing/currencies'
import { formatDate, formatMoney } from '@/billing/format'
import { isOutstanding, isOverdue } from '@/billing/status'
import { methodLabel, type Customer } from '@/billing/types'
import { useT } from '@/lib/i18n'
import { useCustomerActions } from './components/customer-actions'

export default function CustomerPage() {
  const t = useT()
  const { id } = useParams<{ id: string }>()
  const customer = useQuery(recordQuery<Customer>('customers', id))
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
            {c.contact_name || t('customers.page.customer')} · {c.currency}
            {c.archived ? <Badge tone="muted">{t('customers.archived')}</Badge> : null}
            {pending ? <PendingBadge /> : null}
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
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
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              {t('customers.action.delete')}
            </Button>
          </div>
        }
      />
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="grid gap-1">
          <h2 className="text-sm text-muted-foreground">{t('customers.page.outstanding')}</h2>
          <p className="text-2xl font-semibold tabular-nums">
            {formatMoney(outstanding, c.currency)}
          </p>
          <p className="text-sm text-muted-foreground">
            {overdue > 0
              ? t('customers.page.overdue', { amount: formatMoney(overdue, c.currency) })
              : t('customers.page.nothingOverdue')}
          </p>
        </Card>
        <Card className="md:col-span-2">
          <h2 className="mb-3 text-sm text-muted-foreground">{t('customers.page.aging')}</h2>
          <AgingBars buckets={buckets} currency={c.currency} />
        </Card>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <Card className="grid content-start gap-2 text-sm">
          <h2 className="font-semibold">{t('customers.page.details')}</h2>
          {c.email ? (
            <a href={`mailto:${c.email}`} className="underline">
              {c.email}
            </a>
          ) : (
            <span className="text-muted-foreground">{t('customers.page.noEmail')}</span>
          )}
          {c.phone ? <span>{c.phone}</span> : null}
          {c.website ? (
            <a href={c.website} target="_blank" rel="noreferrer noopener" className="underline">
              {c.website}
            </a>
          ) : null}
          {c.tax_id ? <span>{t('customers.page.taxId', { taxId: c.tax_id })}</span> : null}
          {address ? <span className="whitespace-pre-line">{address}</span> : null}
          <span>{t('customers.page.paymentTerms', { days: c.payment_terms_days })}</span>
          {c.notes ? <p className="whitespace-pre-line text-muted-foreground">{c.notes}</p> : null}
        </Card>
        <div className="grid content-start gap-4 md:col-span-2">
          <DocTable
            title={t('customers.page.invoices')}
            empty={t('customers.page.noInvoices')}
            head={[
              t('customers.column.number'),
              t('customers.column.issued'),
              t('customers.column.due'),
              t('customers.column.status'),
              t('customers.column.total'),
              t('customers.column.balance'),
            ]}
            endAligned={2}
            rows={invoices.map((i) => ({
              id: i.id,
              href: recordPaths.invoice(i.id),
              cells: [
                i.number || t('customers.page.draft'),
                formatDate(i.issue_date),
                formatDate(i.due_date),
                <InvoiceStatusBadge key="s" invoice={i} />,
                formatMoney(i.total_cents, i.currency),
                formatMoney(i.balance_cents, i.currency),
              ],
            }))}
          />
          <DocTable
            title={t('customers.page.quotes')}
            empty={t('customers.page.noQuotes')}
            head={[
              t('customers.column.number'),
              t('customers.column.issued'),
              t('customers.column.expires'),
              t('customers.column.status'),
              t('customers.column.total'),
            ]}
            endAligned={2}
            rows={quotes.map((q) => ({
              id: q.id,
              href: recordPaths.quote(q.id),
              cells: [
                q.number || t('customers.page.draft'),
                formatDate(q.issue_date),
                formatDate(q.expiry_date),
                <QuoteStatusBadge key="s" quote={q} />,
                formatMoney(q.total_cents, q.currency),
              ],
            }))}
          />
          <DocTable
            title={t('customers.page.payments')}
            empty={t('customers.page.noPayments')}
            head={[
              t('customers.column.number'),
              t('customers.column.date'),
              t('customers.column.invoice'),
              t('customers.column.method'),
              t('customers.column.amount'),
            ]}
            rows={payments.map((p) => ({
              id: p.id,
              href: recordPaths.invoice(p.invoice),
              cells: [
                p.number,
                formatDate(p.date),
                p.expand?.invoice?.number ?? '—',
                methodLabel(p.method, t),
                formatMoney(p.amount_cents, p.currency),
              ],
            }))}
          />
        </div>
      </div>
      {actions.deleteDialog(deleting ? c : null, () => setDeleting(false))}
    </>
  )
}

function DocTable({
  title,
  head,
  rows,
  empty,
  endAligned = 0,
}: {
  title: string
  head: string[]
  rows: Array<{ id: string; href: string; cells: ReactNode[] }>
  empty: string
  /** How many of the last columns are aligned to the end (amounts). */
  endAligned?: number
}) {
  const atEnd = (i: number) => i >= head.length - endAligned
  return (
    <Card className="p-0">
      <h2 className="px-4 pt-4 font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr>
                {head.map((h, i) => (
                  <th
                    key={h}
                    scope="col"
                    className={`px-4 py-2 font-medium ${atEnd(i) ? 'text-end' : 'text-start'}`}
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-border">
                  {r.cells.map((cell, i) => (
                    <td key={i} className={`px-4 py-2 ${atEnd(i) ? 'text-end tabular-nums' : ''}`}>
                      {i === 0 ? (
                        <Link
                          href={r.href}
                          className="font-medium underline-offset-4 hover:underline"
                        >
                          {cell}
                        </Link>
                      ) : (
                        cell
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

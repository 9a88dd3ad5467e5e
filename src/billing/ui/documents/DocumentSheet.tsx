import { useQuery } from '@tanstack/react-query'
import { recordQuery, type SellerSettings } from '@/billing/queries'
import { countryName } from '@/billing/currencies'
import { fileUrl } from '@/lib/pocketbase/files'
import { formatDate, formatMoney } from '@/billing/format'
import type { Customer, DocumentKind, Invoice, Quote } from '@/billing/types'

/**
 * A quote or invoice as the customer sees it, on screen and on paper: seller and buyer blocks,
 * the amount due at the top, lines, tax summary, totals, notes and terms; a DRAFT or VOID
 * watermark when it is not a live document.
 */
export function DocumentSheet({
  kind,
  doc,
  seller,
}: {
  kind: DocumentKind
  doc: Quote | Invoice
  seller: SellerSettings | undefined
}) {
  const fetched = useQuery({
    ...recordQuery<Customer>('customers', doc.customer),
    enabled: !doc.expand?.customer && !!doc.customer,
  })
  const customer = doc.expand?.customer ?? fetched.data
  const invoice = kind === 'invoices' ? (doc as Invoice) : null
  const quote = kind === 'quotes' ? (doc as Quote) : null
  const title = invoice ? 'Invoice' : 'Quote'
  const watermark = doc.status === 'draft' ? 'DRAFT' : doc.status === 'void' ? 'VOID' : null
  const c = doc.currency || customer?.currency || 'EUR'
  const items = doc.items ?? []
  const due = invoice ? invoice.balance_cents : doc.total_cents
  const anyDiscount = items.some((l) => l.discount_percent)

  return (
    <article
      className="document-sheet relative overflow-hidden rounded-xl border border-border bg-white p-4 text-sm sm:p-8 text-neutral-900 shadow-sm print:rounded-none print:border-0 print:p-0 print:shadow-none"
      aria-label={`${title} ${doc.number || '(draft)'}`}
    >
      {watermark ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 flex items-center justify-center select-none"
        >
          <span className="-rotate-30 text-[8rem] font-black tracking-widest text-neutral-900/8">
            {watermark}
          </span>
        </div>
      ) : null}
      {watermark ? (
        <p className="sr-only">{`This ${title.toLowerCase()} is ${watermark === 'DRAFT' ? 'a draft' : 'void'}.`}</p>
      ) : null}
      <header className="flex flex-wrap justify-between gap-6">
        <div>
          {seller?.logo ? (
            <img
              src={fileUrl(seller.collectionId, seller.id, seller.logo, '0x64')}
              alt={`${seller.company_name || 'Company'} logo`}
              className="mb-3 max-h-16 max-w-48 object-contain"
              // Offline, the logo may not be at hand: the sheet is complete without it.
              onError={(e) => {
                e.currentTarget.hidden = true
              }}
            />
          ) : null}
          <p className="text-lg font-semibold">
            {seller?.company_name || seller?.name || 'Your company'}
          </p>
          {seller?.company_address ? (
            <p className="whitespace-pre-line text-neutral-600">{seller.company_address}</p>
          ) : null}
          {seller?.company_tax_id ? (
            <p className="text-neutral-600">Tax ID {seller.company_tax_id}</p>
          ) : null}
          {seller?.email ? <p className="text-neutral-600">{seller.email}</p> : null}
        </div>
        <div className="text-end">
          <h2 className="text-2xl font-bold tracking-tight">
            {title} {doc.number || ''}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-4 text-neutral-700">
            <dt>Issued</dt>
            <dd>{formatDate(doc.issue_date)}</dd>
            {invoice ? (
              <>
                <dt>Due</dt>
                <dd>{formatDate(invoice.due_date)}</dd>
              </>
            ) : quote?.expiry_date ? (
              <>
                <dt>Valid until</dt>
                <dd>{formatDate(quote.expiry_date)}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </header>

      <div className="mt-6 flex flex-wrap items-start justify-between gap-6">
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            Bill to
          </h3>
          <p className="font-medium">{customer?.name ?? '…'}</p>
          {customer?.contact_name ? <p>{customer.contact_name}</p> : null}
          {customer?.address ? <p className="whitespace-pre-line">{customer.address}</p> : null}
          {customer && (customer.postal_code || customer.city) ? (
            <p>{[customer.postal_code, customer.city].filter(Boolean).join(' ')}</p>
          ) : null}
          {customer?.country ? <p>{countryName(customer.country)}</p> : null}
          {customer?.tax_id ? <p>Tax ID {customer.tax_id}</p> : null}
          {customer?.email ? <p>{customer.email}</p> : null}
        </div>
        <div className="rounded-lg bg-neutral-100 px-5 py-3 text-end print:border print:border-neutral-300">
          <p className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            {invoice ? 'Amount due' : 'Total'}
          </p>
          <p className="text-2xl font-bold tabular-nums">{formatMoney(due, c)}</p>
          {invoice ? <p className="text-neutral-600">by {formatDate(invoice.due_date)}</p> : null}
        </div>
      </div>

      <table className="mt-8 w-full">
        <caption className="sr-only">Lines</caption>
        <thead className="border-b border-neutral-300 text-neutral-600">
          <tr>
            <th scope="col" className="py-2 text-start font-medium">
              Description
            </th>
            <th scope="col" className="py-2 ps-3 text-end font-medium">
              Qty
            </th>
            <th scope="col" className="py-2 ps-3 text-end font-medium">
              Price
            </th>
            {anyDiscount ? (
              <th scope="col" className="py-2 ps-3 text-end font-medium">
                Disc.
              </th>
            ) : null}
            <th scope="col" className="py-2 ps-3 text-end font-medium">
              Tax
            </th>
            <th scope="col" className="py-2 ps-3 text-end font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((l) => (
            <tr key={l.id} className="border-b border-neutral-200 align-top">
              <td className="py-2 pe-4 whitespace-pre-line">{l.description}</td>
              <td className="py-2 ps-3 text-end tabular-nums">
                <span className="whitespace-nowrap">
                  {l.quantity}
                  {l.unit ? ` ${l.unit}` : ''}
                </span>
              </td>
              <td className="py-2 ps-3 text-end tabular-nums">
                {formatMoney(l.unit_price_cents, c)}
              </td>
              {anyDiscount ? (
                <td className="py-2 ps-3 text-end tabular-nums">
                  {l.discount_percent ? `${l.discount_percent}%` : ''}
                </td>
              ) : null}
              <td className="py-2 ps-3 text-end tabular-nums">
                {l.tax_rate ? `${l.tax_rate}%` : '0%'}
              </td>
              <td className="py-2 ps-3 text-end tabular-nums">
                {l.net_cents !== undefined ? formatMoney(l.net_cents, c) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="mt-4 flex flex-wrap justify-between gap-6 break-inside-avoid">
        <table className="self-start text-neutral-700">
          <caption className="text-start text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            Tax summary
          </caption>
          <thead>
            <tr>
              <th scope="col" className="pe-6 text-start font-medium">
                Rate
              </th>
              <th scope="col" className="pe-6 text-end font-medium">
                Net
              </th>
              <th scope="col" className="text-end font-medium">
                Tax
              </th>
            </tr>
          </thead>
          <tbody>
            {(doc.tax_breakdown ?? []).map((g) => (
              <tr key={g.rate}>
                <td className="pe-6">{g.rate}%</td>
                <td className="pe-6 text-end tabular-nums">{formatMoney(g.net_cents, c)}</td>
                <td className="text-end tabular-nums">{formatMoney(g.tax_cents, c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid min-w-64 grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt>Subtotal</dt>
          <dd className="text-end tabular-nums">{formatMoney(doc.subtotal_cents ?? 0, c)}</dd>
          {doc.discount_cents ? (
            <>
              <dt>Discount ({doc.discount_percent}%)</dt>
              <dd className="text-end tabular-nums">−{formatMoney(doc.discount_cents, c)}</dd>
            </>
          ) : null}
          <dt>Tax</dt>
          <dd className="text-end tabular-nums">{formatMoney(doc.tax_cents ?? 0, c)}</dd>
          <dt className="border-t border-neutral-300 pt-1 font-semibold">Total</dt>
          <dd className="border-t border-neutral-300 pt-1 text-end font-semibold tabular-nums">
            {formatMoney(doc.total_cents ?? 0, c)}
          </dd>
          {invoice && invoice.paid_cents ? (
            <>
              <dt>Paid</dt>
              <dd className="text-end tabular-nums">−{formatMoney(invoice.paid_cents, c)}</dd>
              <dt className="font-semibold">Balance due</dt>
              <dd className="text-end font-semibold tabular-nums">
                {formatMoney(invoice.balance_cents, c)}
              </dd>
            </>
          ) : null}
        </dl>
      </div>

      {doc.notes || doc.terms ? (
        <div className="mt-8 grid gap-4 text-neutral-700 sm:grid-cols-2 break-inside-avoid">
          {doc.notes ? (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                Notes
              </h3>
              <p className="whitespace-pre-line">{doc.notes}</p>
            </div>
          ) : null}
          {doc.terms ? (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                Terms
              </h3>
              <p className="whitespace-pre-line">{doc.terms}</p>
            </div>
          ) : null}
        </div>
      ) : null}
      {invoice?.status === 'void' && invoice.void_reason ? (
        <p className="mt-6 text-neutral-700">Voided: {invoice.void_reason}</p>
      ) : null}
    </article>
  )
}

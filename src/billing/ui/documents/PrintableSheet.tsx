import { useId, type ReactNode } from 'react'
import { docFormat } from '@/billing/doc-format'
import { formatIban } from '@/billing/payment-code'
import { documentLocale } from '@/billing/document-language'
import type { PrintableDocument } from '@/billing/printable'
import { directionOf, useDocT } from '@/lib/i18n'

const SHEET_CLASS =
  'document-sheet relative overflow-hidden rounded-xl border border-border bg-white p-4 text-sm sm:p-8 text-neutral-900 shadow-sm print:rounded-none print:border-0 print:p-0 print:shadow-none'

/**
 * A quote or invoice as the customer sees it, on screen and on paper — the owner's record page
 * and print view, and the customer's public page draw this one sheet: seller and buyer blocks,
 * the amount due at the top, lines, tax summary, totals, notes and terms, how to pay; a DRAFT or
 * VOID watermark when it is not a live document, PAID once it is paid. It is written in the
 * document's language (the customer's), with its dates, amounts and direction, whatever the
 * interface around it speaks.
 */
export function PrintableSheet({
  doc,
  paymentCode,
  children,
}: {
  doc: PrintableDocument
  /** Shown beside the payment instructions (the public page's EPC QR code). */
  paymentCode?: ReactNode
  /** Shown at the end of the sheet (e.g. why it was voided). */
  children?: ReactNode
}) {
  const id = useId()
  const locale = documentLocale(doc)
  const dt = useDocT(locale)
  // The document's messages load once per language: an empty sheet of the same size meanwhile.
  if (!dt) return <article className={SHEET_CLASS} lang={locale} aria-busy="true" />
  const f = docFormat(locale)
  const formatMoney = f.money
  const formatDate = f.date
  const { seller, buyer } = doc
  const invoice = doc.kind === 'invoice'
  const heading = doc.number
    ? dt(invoice ? 'doc.heading.invoice' : 'doc.heading.quote', { number: doc.number })
    : dt(invoice ? 'doc.kind.invoice' : 'doc.kind.quote')
  const watermark =
    doc.status === 'draft'
      ? dt('doc.watermark.draft')
      : doc.status === 'void'
        ? dt('doc.watermark.void')
        : null
  const paid = invoice && doc.status === 'paid'
  const c = doc.currency
  const items = doc.items
  const due = doc.balance_cents
  const anyDiscount = items.some((l) => l.discount_percent)
  const quantity = new Intl.NumberFormat(f.intl, { maximumFractionDigits: 4, useGrouping: false })

  return (
    <article
      className={SHEET_CLASS}
      lang={locale}
      dir={directionOf(locale)}
      aria-label={
        doc.number ? heading : dt(invoice ? 'doc.draftLabel.invoice' : 'doc.draftLabel.quote')
      }
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
        <p className="sr-only">
          {dt(doc.status === 'draft' ? 'doc.sheet.isDraft' : 'doc.sheet.isVoid', {
            kind: doc.kind,
          })}
        </p>
      ) : null}
      <header className="flex flex-wrap justify-between gap-6">
        <div>
          {seller.logo_url ? (
            <img
              src={seller.logo_url}
              alt={
                seller.company_name
                  ? dt('doc.seller.logo', { company: seller.company_name })
                  : dt('doc.seller.logoUnnamed')
              }
              className="mb-3 max-h-16 max-w-48 object-contain"
              // Offline, the logo may not be at hand: the sheet is complete without it.
              onError={(e) => {
                e.currentTarget.hidden = true
              }}
            />
          ) : null}
          <p className="text-lg font-semibold">
            {seller.company_name || dt('doc.seller.placeholder')}
          </p>
          {seller.company_address ? (
            <p className="whitespace-pre-line text-neutral-600">{seller.company_address}</p>
          ) : null}
          {seller.company_tax_id ? (
            <p className="text-neutral-600">
              {dt('doc.party.taxId', { id: seller.company_tax_id })}
            </p>
          ) : null}
          {seller.postal_code || seller.city ? (
            <p className="text-neutral-600">
              {[seller.postal_code, seller.city].filter(Boolean).join(' ')}
            </p>
          ) : null}
          {seller.country ? <p className="text-neutral-600">{f.country(seller.country)}</p> : null}
          {seller.vat_id ? (
            <p className="text-neutral-600">{dt('doc.party.vatId', { id: seller.vat_id })}</p>
          ) : null}
        </div>
        <div className="text-end">
          <h2 className="text-2xl font-bold tracking-tight">{heading}</h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-4 text-neutral-700">
            <dt>{dt(invoice ? 'doc.dates.issued.invoice' : 'doc.dates.issued.quote')}</dt>
            <dd>{formatDate(doc.issue_date)}</dd>
            {invoice ? (
              <>
                <dt>{dt('doc.dates.due')}</dt>
                <dd>{formatDate(doc.due_date)}</dd>
              </>
            ) : doc.expiry_date ? (
              <>
                <dt>{dt('doc.dates.validUntil')}</dt>
                <dd>{formatDate(doc.expiry_date)}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </header>

      <div className="mt-6 flex flex-wrap items-start justify-between gap-6">
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            {dt('doc.billTo')}
          </h3>
          <p className="font-medium">{buyer.name || '…'}</p>
          {buyer.contact_name ? <p>{buyer.contact_name}</p> : null}
          {buyer.address ? <p className="whitespace-pre-line">{buyer.address}</p> : null}
          {buyer.postal_code || buyer.city ? (
            <p>{[buyer.postal_code, buyer.city].filter(Boolean).join(' ')}</p>
          ) : null}
          {buyer.country ? <p>{f.country(buyer.country)}</p> : null}
          {buyer.tax_id ? <p>{dt('doc.party.taxId', { id: buyer.tax_id })}</p> : null}
        </div>
        <div className="rounded-lg bg-neutral-100 px-5 py-3 text-end print:border print:border-neutral-300">
          <p className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            {dt(invoice ? 'doc.amountDue' : 'doc.total')}
          </p>
          <p className="text-2xl font-bold tabular-nums">{formatMoney(due, c)}</p>
          {paid ? (
            <p className="font-semibold tracking-widest text-emerald-800">
              {dt('doc.watermark.paid')}
            </p>
          ) : invoice ? (
            <p className="text-neutral-600">
              {dt('doc.dueBy', { date: formatDate(doc.due_date) })}
            </p>
          ) : null}
        </div>
      </div>

      {/* On a phone the lines stack (the table would need ~600 px); paper always has the table. */}
      <ul className="mt-6 grid gap-3 sm:hidden print:hidden" aria-label={dt('doc.lines.label')}>
        {items.map((l, i) => (
          <li key={i} className="grid gap-0.5 border-b border-neutral-200 pb-3">
            <div className="flex items-start justify-between gap-3">
              <span className="whitespace-pre-line">{l.description}</span>
              <span className="font-medium whitespace-nowrap tabular-nums">
                {formatMoney(l.net_cents, c)}
              </span>
            </div>
            <span className="text-neutral-600 tabular-nums">
              {quantity.format(l.quantity)}
              {l.unit ? ` ${l.unit}` : ''} × {formatMoney(l.unit_price_cents, c)}
              {l.discount_percent ? ` − ${f.percent(l.discount_percent)}` : ''} ·{' '}
              {dt('doc.lines.taxRate', { rate: f.percent(l.tax_rate || 0) })}
            </span>
          </li>
        ))}
      </ul>
      <table className="mt-8 hidden w-full sm:table print:table">
        <caption className="sr-only">{dt('doc.lines.label')}</caption>
        <thead className="border-b border-neutral-300 text-neutral-600">
          <tr>
            <th scope="col" className="py-2 text-start font-medium">
              {dt('doc.lines.description')}
            </th>
            <th scope="col" className="py-2 ps-3 text-end font-medium">
              {dt('doc.lines.qty')}
            </th>
            <th scope="col" className="py-2 ps-3 text-end font-medium">
              {dt('doc.lines.price')}
            </th>
            {anyDiscount ? (
              <th scope="col" className="py-2 ps-3 text-end font-medium">
                {dt('doc.lines.discount')}
              </th>
            ) : null}
            <th scope="col" className="py-2 ps-3 text-end font-medium">
              {dt('doc.lines.tax')}
            </th>
            <th scope="col" className="py-2 ps-3 text-end font-medium">
              {dt('doc.lines.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((l, i) => (
            <tr key={i} className="border-b border-neutral-200 align-top">
              <td className="py-2 pe-4 whitespace-pre-line">{l.description}</td>
              <td className="py-2 ps-3 text-end tabular-nums">
                <span className="whitespace-nowrap">
                  {quantity.format(l.quantity)}
                  {l.unit ? ` ${l.unit}` : ''}
                </span>
              </td>
              <td className="py-2 ps-3 text-end tabular-nums">
                {formatMoney(l.unit_price_cents, c)}
              </td>
              {anyDiscount ? (
                <td className="py-2 ps-3 text-end tabular-nums">
                  {l.discount_percent ? f.percent(l.discount_percent) : ''}
                </td>
              ) : null}
              <td className="py-2 ps-3 text-end tabular-nums">{f.percent(l.tax_rate || 0)}</td>
              <td className="py-2 ps-3 text-end tabular-nums">{formatMoney(l.net_cents, c)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="mt-4 flex flex-wrap justify-between gap-6 break-inside-avoid">
        <table className="self-start text-neutral-700">
          <caption className="text-start text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            {dt('doc.taxSummary.heading')}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="pe-6 text-start font-medium">
                {dt('doc.taxSummary.rate')}
              </th>
              <th scope="col" className="pe-6 text-end font-medium">
                {dt('doc.taxSummary.net')}
              </th>
              <th scope="col" className="text-end font-medium">
                {dt('doc.taxSummary.tax')}
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.tax_breakdown.map((g) => (
              <tr key={g.rate}>
                <td className="pe-6">{f.percent(g.rate)}</td>
                <td className="pe-6 text-end tabular-nums">{formatMoney(g.net_cents, c)}</td>
                <td className="text-end tabular-nums">{formatMoney(g.tax_cents, c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid min-w-64 grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt>{dt('doc.totals.subtotal')}</dt>
          <dd className="text-end tabular-nums">{formatMoney(doc.subtotal_cents, c)}</dd>
          {doc.discount_cents ? (
            <>
              <dt>{dt('doc.totals.discount', { percent: f.percent(doc.discount_percent) })}</dt>
              <dd className="text-end tabular-nums">−{formatMoney(doc.discount_cents, c)}</dd>
            </>
          ) : null}
          <dt>{dt('doc.totals.tax')}</dt>
          <dd className="text-end tabular-nums">{formatMoney(doc.tax_cents, c)}</dd>
          <dt className="border-t border-neutral-300 pt-1 font-semibold">
            {dt('doc.totals.total')}
          </dt>
          <dd className="border-t border-neutral-300 pt-1 text-end font-semibold tabular-nums">
            {formatMoney(doc.total_cents, c)}
          </dd>
          {invoice && doc.paid_cents ? (
            <>
              <dt>{dt('doc.totals.paid')}</dt>
              <dd className="text-end tabular-nums">−{formatMoney(doc.paid_cents, c)}</dd>
              <dt className="font-semibold">{dt('doc.totals.balanceDue')}</dt>
              <dd className="text-end font-semibold tabular-nums">
                {formatMoney(doc.balance_cents, c)}
              </dd>
            </>
          ) : null}
        </dl>
      </div>

      {doc.vat_note ? (
        <p className="mt-4 text-neutral-700">{dt('doc.notes.vatNote', { note: doc.vat_note })}</p>
      ) : null}
      {doc.notes || doc.terms ? (
        <div className="mt-8 grid gap-4 text-neutral-700 sm:grid-cols-2 break-inside-avoid">
          {doc.notes ? (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                {dt('doc.notes.notes')}
              </h3>
              <p className="whitespace-pre-line">{doc.notes}</p>
            </div>
          ) : null}
          {doc.terms ? (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                {dt('doc.notes.terms')}
              </h3>
              <p className="whitespace-pre-line">{doc.terms}</p>
            </div>
          ) : null}
        </div>
      ) : null}
      {doc.payment && !paid ? (
        <section
          aria-labelledby={`${id}-pay`}
          className="mt-8 flex flex-wrap items-start justify-between gap-6 rounded-lg border border-neutral-300 p-4 break-inside-avoid"
        >
          <div>
            <h3
              id={`${id}-pay`}
              className="text-xs font-semibold tracking-wide text-neutral-600 uppercase"
            >
              {dt('doc.payment.howToPay')}
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-neutral-600">{dt('doc.payment.holder')}</dt>
              <dd>{doc.payment.holder}</dd>
              <dt className="text-neutral-600">{dt('doc.payment.iban')}</dt>
              <dd className="font-mono" dir="ltr">
                {formatIban(doc.payment.iban)}
              </dd>
              {doc.payment.bic ? (
                <>
                  <dt className="text-neutral-600">{dt('doc.payment.bic')}</dt>
                  <dd className="font-mono" dir="ltr">
                    {doc.payment.bic}
                  </dd>
                </>
              ) : null}
              <dt className="text-neutral-600">{dt('doc.payment.reference')}</dt>
              <dd className="font-mono" dir="ltr">
                {doc.payment.reference}
              </dd>
            </dl>
          </div>
          {paymentCode}
        </section>
      ) : null}
      {children}
    </article>
  )
}

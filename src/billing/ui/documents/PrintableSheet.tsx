import { useId, type ReactNode } from 'react'
import { docFormat } from '@/billing/doc-format'
import { IbanText } from '@/billing/ui/IbanText'
import { documentLocale } from '@/billing/document-language'
import type { PrintableDocument } from '@/billing/printable'
import { deductionLines, headingKeys, settlementLines } from '@/billing/settlement-rows'
import { directionOf, richText, useDocT } from '@/lib/i18n'

// A container: the sheet lays its lines out by its own width (a phone, the record page's column,
// paper), not the window's. Nothing in it is clipped: only the watermark's layer hides overflow.
const SHEET_CLASS =
  'document-sheet @container relative min-w-0 rounded-xl border border-border bg-white p-4 text-sm sm:p-8 text-neutral-900 shadow-sm print:rounded-none print:border-0 print:p-0 print:shadow-none'

/**
 * Text that keeps its own direction inside the sheet's (names, addresses, amounts, numbers,
 * dates, IBANs): "Quay Street 4", "Folio Demo Co." and "−€3,290.74" read the same in a
 * right-to-left document.
 */
const Iso = ({ children }: { children: ReactNode }) => <bdi>{children}</bdi>

/** One row of the totals: its label, and its amount at the end, isolated, never wrapped. */
function TotalRow({
  label,
  amount,
  className = '',
}: {
  label: ReactNode
  amount: string
  className?: string
}) {
  return (
    <>
      <dt className={className}>{label}</dt>
      <dd className={`text-end whitespace-nowrap tabular-nums ${className}`.trim()}>
        <Iso>{amount}</Iso>
      </dd>
    </>
  )
}

/**
 * A small table of amounts under the lines (the tax summary, a final invoice's deposits): its
 * caption, its column heads, and rows whose first cell names the row; the last two columns are
 * amounts, at the end.
 */
function AmountTable({
  caption,
  heads,
  rows,
  className,
}: {
  caption: string
  heads: string[]
  rows: Array<{ key: string; cells: string[]; strong?: boolean }>
  className: string
}) {
  const end = (i: number) => i >= heads.length - 2
  const cell = (i: number) =>
    `${i < heads.length - 1 ? 'pe-4 @sm:pe-6 ' : ''}${end(i) ? 'text-end ' : 'text-start '}whitespace-nowrap tabular-nums`
  return (
    <table className={className}>
      <caption className="text-start text-xs font-semibold tracking-wide text-neutral-600 uppercase">
        {caption}
      </caption>
      <thead>
        <tr>
          {heads.map((h, i) => (
            <th key={h} scope="col" className={`${cell(i)} font-medium`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={r.strong ? 'font-semibold' : undefined}>
            {r.cells.map((c, i) =>
              i === 0 ? (
                <th
                  key={i}
                  scope="row"
                  className={`${cell(i)} ${r.strong ? 'font-semibold' : 'font-normal'}`}
                >
                  <Iso>{c}</Iso>
                </th>
              ) : (
                <td key={i} className={cell(i)}>
                  <Iso>{c}</Iso>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Lines of free text (an address), each isolated, kept one below the other. */
function Lines({ text }: { text: string }) {
  return (
    <>
      {text.split('\n').map((line, i) => (
        <span key={i} className="block">
          <bdi>{line}</bdi>
        </span>
      ))}
    </>
  )
}

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
  // An amount taken off, written as the language writes a negative amount (with a true minus):
  // "−€665.90"; in Arabic the minus stays by the digits, not at the far end.
  const minus = (cents: number) => f.money(-cents, doc.currency).replace('-', '−')
  const formatDate = f.date
  const { seller, buyer } = doc
  const invoice = doc.kind === 'invoice'
  const credit = doc.kind === 'credit_note'
  const { heading: headingKey, kind: kindKey } = headingKeys(doc)
  const heading = doc.number ? dt(headingKey, { number: doc.number }) : dt(kindKey)
  const deduction = deductionLines(doc, f, dt)
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
        doc.number || credit
          ? heading
          : dt(invoice ? 'doc.draftLabel.invoice' : 'doc.draftLabel.quote')
      }
    >
      {watermark ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 flex items-center justify-center overflow-hidden rounded-xl select-none print:rounded-none"
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
        <div className="min-w-0">
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
          <p className="text-lg font-semibold [overflow-wrap:anywhere]">
            {seller.company_name ? <Iso>{seller.company_name}</Iso> : dt('doc.seller.placeholder')}
          </p>
          {seller.company_address ? (
            <p className="text-neutral-600 [overflow-wrap:anywhere]">
              <Lines text={seller.company_address} />
            </p>
          ) : null}
          {seller.postal_code || seller.city ? (
            <p className="text-neutral-600">
              <Iso>{[seller.postal_code, seller.city].filter(Boolean).join(' ')}</Iso>
            </p>
          ) : null}
          {seller.country ? <p className="text-neutral-600">{f.country(seller.country)}</p> : null}
          {/* The tax IDs after the whole address, labelled, as on the PDF and the customer's page. */}
          {seller.company_tax_id ? (
            <p className="text-neutral-600">
              {richText(dt, 'doc.party.taxId', { id: <Iso>{seller.company_tax_id}</Iso> })}
            </p>
          ) : null}
          {seller.vat_id ? (
            <p className="text-neutral-600">
              {richText(dt, 'doc.party.vatId', { id: <Iso>{seller.vat_id}</Iso> })}
            </p>
          ) : null}
        </div>
        <div className="text-end">
          <h2 className="text-2xl font-bold tracking-tight">
            {doc.number
              ? richText(dt, headingKey, {
                  number: <Iso>{doc.number}</Iso>,
                })
              : heading}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-4 text-neutral-700">
            <dt>{dt(invoice ? 'doc.dates.issued.invoice' : 'doc.dates.issued.quote')}</dt>
            <dd className="whitespace-nowrap">
              <Iso>{formatDate(doc.issue_date)}</Iso>
            </dd>
            {invoice ? (
              <>
                <dt>{dt('doc.dates.due')}</dt>
                <dd className="whitespace-nowrap">
                  <Iso>{formatDate(doc.due_date)}</Iso>
                </dd>
              </>
            ) : doc.expiry_date ? (
              <>
                <dt>{dt('doc.dates.validUntil')}</dt>
                <dd className="whitespace-nowrap">
                  <Iso>{formatDate(doc.expiry_date)}</Iso>
                </dd>
              </>
            ) : null}
            {credit && doc.credits_invoice ? (
              <>
                <dt>{dt('doc.creditNote.invoice')}</dt>
                <dd className="whitespace-nowrap">
                  <Iso>{doc.credits_invoice}</Iso>
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      </header>

      <div className="mt-6 flex flex-wrap items-start justify-between gap-6">
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            {dt('doc.billTo')}
          </h3>
          <p className="font-medium">
            <Iso>{buyer.name || '…'}</Iso>
          </p>
          {buyer.contact_name ? (
            <p>
              <Iso>{buyer.contact_name}</Iso>
            </p>
          ) : null}
          {buyer.address ? (
            <p>
              <Lines text={buyer.address} />
            </p>
          ) : null}
          {buyer.postal_code || buyer.city ? (
            <p>
              <Iso>{[buyer.postal_code, buyer.city].filter(Boolean).join(' ')}</Iso>
            </p>
          ) : null}
          {buyer.country ? <p>{f.country(buyer.country)}</p> : null}
          {buyer.tax_id ? (
            <p>{richText(dt, 'doc.party.taxId', { id: <Iso>{buyer.tax_id}</Iso> })}</p>
          ) : null}
        </div>
        {paid ? (
          // Nothing is due: the box says PAID, with the total that was paid, not "Amount due 0".
          <div
            className="rounded-lg bg-emerald-50 px-5 py-3 text-end print:border print:border-emerald-700"
            data-testid="sheet-paid"
          >
            <p className="text-2xl font-bold tracking-widest text-emerald-800">
              {dt('doc.watermark.paid')}
            </p>
            <p className="flex flex-wrap justify-end gap-x-2 text-neutral-700">
              <span>{dt('doc.total')}</span>
              <span className="font-medium whitespace-nowrap tabular-nums">
                <Iso>{formatMoney(doc.total_cents, c)}</Iso>
              </span>
            </p>
          </div>
        ) : (
          <div className="rounded-lg bg-neutral-100 px-5 py-3 text-end print:border print:border-neutral-300">
            <p className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              {dt(invoice ? 'doc.amountDue' : credit ? 'doc.creditNote.total' : 'doc.total')}
            </p>
            <p className="text-2xl font-bold whitespace-nowrap tabular-nums">
              <Iso>{formatMoney(due, c)}</Iso>
            </p>
            {invoice ? (
              <p className="text-neutral-600">
                {richText(dt, 'doc.dueBy', { date: <Iso>{formatDate(doc.due_date)}</Iso> })}
              </p>
            ) : null}
          </div>
        )}
      </div>

      {/* A narrow sheet (a phone; the table needs ~450 px) stacks the lines; paper has the table. */}
      <ul className="mt-6 grid gap-3 @lg:hidden print:hidden" aria-label={dt('doc.lines.label')}>
        {items.map((l, i) => (
          <li key={i} className="grid gap-0.5 border-b border-neutral-200 pb-3">
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">
                <bdi>{l.description}</bdi>
              </span>
              <span className="font-medium whitespace-nowrap tabular-nums">
                <Iso>{formatMoney(l.net_cents, c)}</Iso>
              </span>
            </div>
            <span className="text-neutral-600 tabular-nums">
              <span className="whitespace-nowrap">
                <Iso>
                  {quantity.format(l.quantity)}
                  {l.unit ? ` ${l.unit}` : ''}
                </Iso>{' '}
                ×{' '}
              </span>
              <span className="whitespace-nowrap">
                <Iso>{formatMoney(l.unit_price_cents, c)}</Iso>
              </span>
              {l.discount_percent ? (
                <span className="whitespace-nowrap">
                  {' − '}
                  <Iso>{f.percent(l.discount_percent)}</Iso>
                </span>
              ) : null}{' '}
              ·{' '}
              <span className="whitespace-nowrap">
                {richText(dt, 'doc.lines.taxRate', {
                  rate: <Iso>{f.percent(l.tax_rate || 0)}</Iso>,
                })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <table className="mt-8 hidden w-full @lg:table print:table">
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
              <td className="py-2 pe-4 whitespace-pre-line [overflow-wrap:anywhere]">
                <bdi>{l.description}</bdi>
              </td>
              <td className="py-2 ps-3 text-end tabular-nums">
                <span className="whitespace-nowrap">
                  <Iso>
                    {quantity.format(l.quantity)}
                    {l.unit ? ` ${l.unit}` : ''}
                  </Iso>
                </span>
              </td>
              <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                <Iso>{formatMoney(l.unit_price_cents, c)}</Iso>
              </td>
              {anyDiscount ? (
                <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                  {l.discount_percent ? <Iso>{f.percent(l.discount_percent)}</Iso> : ''}
                </td>
              ) : null}
              <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                <Iso>{f.percent(l.tax_rate || 0)}</Iso>
              </td>
              <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                <Iso>{formatMoney(l.net_cents, c)}</Iso>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="mt-4 flex flex-wrap justify-between gap-6 break-inside-avoid">
        <AmountTable
          className="self-start text-neutral-700"
          caption={dt('doc.taxSummary.heading')}
          heads={[dt('doc.taxSummary.rate'), dt('doc.taxSummary.net'), dt('doc.taxSummary.tax')]}
          rows={doc.tax_breakdown.map((g) => ({
            key: String(g.rate),
            cells: [f.percent(g.rate), formatMoney(g.net_cents, c), formatMoney(g.tax_cents, c)],
          }))}
        />
        <dl className="grid w-full grid-cols-[1fr_auto] gap-x-6 gap-y-1 @sm:w-auto @sm:min-w-64">
          <TotalRow label={dt('doc.totals.subtotal')} amount={formatMoney(doc.subtotal_cents, c)} />
          {doc.discount_cents ? (
            <TotalRow
              label={richText(dt, 'doc.totals.discount', {
                percent: <Iso>{f.percent(doc.discount_percent)}</Iso>,
              })}
              amount={minus(doc.discount_cents)}
            />
          ) : null}
          <TotalRow label={dt('doc.totals.tax')} amount={formatMoney(doc.tax_cents, c)} />
          <TotalRow
            label={dt('doc.totals.total')}
            amount={formatMoney(doc.total_cents, c)}
            className="border-t border-neutral-300 pt-1 font-semibold"
          />
          {settlementLines(doc, f, dt).map((row) => (
            <TotalRow
              key={row.label}
              label={row.label}
              amount={row.amount}
              className={row.last ? 'font-semibold' : undefined}
            />
          ))}
        </dl>
      </div>

      {deduction.length ? (
        <AmountTable
          className="mt-6 w-full text-neutral-700 break-inside-avoid"
          caption={dt('doc.deduction.heading')}
          heads={[
            dt('doc.deduction.document'),
            dt('doc.taxSummary.rate'),
            dt('doc.taxSummary.net'),
            dt('doc.taxSummary.tax'),
          ]}
          rows={deduction.map((r, i) => ({
            key: String(i),
            cells: [r.label, r.rate, r.net, r.tax],
            strong: r.due,
          }))}
        />
      ) : null}

      {doc.vat_note ? (
        <p className="mt-4 text-neutral-700">
          {richText(dt, 'doc.notes.vatNote', { note: <bdi>{doc.vat_note}</bdi> })}
        </p>
      ) : null}
      {doc.notes || doc.terms ? (
        <div className="mt-8 grid gap-4 text-neutral-700 break-inside-avoid @lg:grid-cols-2">
          {doc.notes ? (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                {dt('doc.notes.notes')}
              </h3>
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">
                <bdi>{doc.notes}</bdi>
              </p>
            </div>
          ) : null}
          {doc.terms ? (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                {dt('doc.notes.terms')}
              </h3>
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">
                <bdi>{doc.terms}</bdi>
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
      {doc.payment && !paid ? (
        <section
          aria-labelledby={`${id}-pay`}
          className="mt-8 flex flex-wrap items-start justify-between gap-6 rounded-lg border border-neutral-300 p-4 break-inside-avoid"
        >
          <div className="min-w-0">
            <h3
              id={`${id}-pay`}
              className="text-xs font-semibold tracking-wide text-neutral-600 uppercase"
            >
              {dt('doc.payment.howToPay')}
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-neutral-600">{dt('doc.payment.holder')}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">
                <Iso>{doc.payment.holder}</Iso>
              </dd>
              <dt className="text-neutral-600">{dt('doc.payment.iban')}</dt>
              <dd className="min-w-0 font-mono">
                <IbanText iban={doc.payment.iban} />
              </dd>
              {doc.payment.bic ? (
                <>
                  <dt className="text-neutral-600">{dt('doc.payment.bic')}</dt>
                  <dd className="min-w-0 font-mono">
                    <span dir="ltr">{doc.payment.bic}</span>
                  </dd>
                </>
              ) : null}
              <dt className="text-neutral-600">{dt('doc.payment.reference')}</dt>
              <dd className="min-w-0 font-mono [overflow-wrap:anywhere]">
                <span dir="ltr">{doc.payment.reference}</span>
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

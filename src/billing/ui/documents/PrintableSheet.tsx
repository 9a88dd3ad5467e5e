import { Fragment, useId, type ReactNode } from 'react'
import { IbanText } from '@/billing/ui/IbanText'
import { documentLocale } from '@/billing/document-language'
import type { PrintableDocument } from '@/billing/printable'
import {
  sheetOf,
  type AmountTable as Table,
  type Party,
  type Phrase,
  type SheetBlock,
  type SheetBlockKind,
} from '@/billing/sheet'
import { useDocT } from '@/lib/i18n'

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
  table: { caption, heads, rows },
  className,
}: {
  table: Table
  className: string
}) {
  const end = (i: number) => i >= heads.length - 2
  // Amounts never wrap; the first column (a deposit's number and date) and the headings may,
  // so a narrow sheet keeps every column in view.
  const cell = (i: number) =>
    `${i < heads.length - 1 ? 'pe-3 @sm:pe-6 ' : ''}${end(i) ? 'text-end ' : 'text-start '}${i === 0 ? '' : 'whitespace-nowrap '}tabular-nums`
  return (
    <table className={className}>
      <caption className="text-start text-xs font-semibold tracking-wide text-neutral-600 uppercase">
        {caption}
      </caption>
      <thead>
        <tr>
          {heads.map((h, i) => (
            <th
              key={h}
              scope="col"
              className={`${cell(i)} align-bottom font-medium whitespace-normal`}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, k) => (
          <tr key={k} className={r.strong ? 'font-semibold' : undefined}>
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

/** A sentence with its isolated part kept in its own direction. */
function Said({ phrase }: { phrase: Phrase }) {
  const at = phrase.isolate ? phrase.text.indexOf(phrase.isolate) : -1
  if (at < 0) return <>{phrase.text}</>
  return (
    <>
      {phrase.text.slice(0, at)}
      <Iso>{phrase.isolate}</Iso>
      {phrase.text.slice(at + phrase.isolate.length)}
    </>
  )
}

type Block<K extends SheetBlockKind> = Extract<SheetBlock, { kind: K }>
interface Context {
  id: string
  paymentCode: ReactNode
}
type Painters = { [K in SheetBlockKind]: (block: Block<K>, ctx: Context) => ReactNode }

/** One painter per block kind: each paints its block, none decides what is shown. */
const PAINTERS: Painters = {
  watermark: (b) => (
    <>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 flex items-center justify-center overflow-hidden rounded-xl select-none print:rounded-none"
      >
        {/* Drawn as generated content: a mark on the paper, not text to read or to measure
            the contrast of (the sentence below says it). */}
        <span
          data-word={b.word}
          className="-rotate-30 text-[8rem] font-black tracking-widest text-neutral-900/8 before:content-[attr(data-word)]"
        />
      </div>
      {b.statement ? <p className="sr-only">{b.statement}</p> : null}
    </>
  ),

  heading: ({ seller, logo, title, dates }) => (
    <header className="flex flex-wrap justify-between gap-6">
      <div className="min-w-0">
        {logo ? (
          <img
            src={logo.url}
            alt={logo.alt}
            className="mb-3 max-h-16 max-w-48 object-contain"
            // Offline, the logo may not be at hand: the sheet is complete without it.
            onError={(e) => {
              e.currentTarget.hidden = true
            }}
          />
        ) : null}
        <p className="text-lg font-semibold [overflow-wrap:anywhere]">
          <Iso>{seller.name}</Iso>
        </p>
        <PartyLines party={seller} className="text-neutral-600" />
      </div>
      <div className="text-end">
        <h2 className="text-2xl font-bold tracking-tight">
          <Said phrase={title} />
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-4 text-neutral-700">
          {dates.map((d) => (
            <Fragment key={d.label}>
              <dt>{d.label}</dt>
              <dd className="whitespace-nowrap">
                <Iso>{d.value}</Iso>
              </dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </header>
  ),

  billTo: ({ caption, buyer, status }) => (
    <div className="mt-6 flex flex-wrap items-start justify-between gap-6">
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          {caption}
        </h3>
        <p className="font-medium">
          <Iso>{buyer.name}</Iso>
        </p>
        <PartyLines party={buyer} />
      </div>
      {status.paid ? (
        // Nothing is due: the box says PAID, with the total that was paid, not "Amount due 0".
        <div
          className="rounded-lg bg-emerald-50 px-5 py-3 text-end print:border print:border-emerald-700"
          data-testid="sheet-paid"
        >
          <p className="text-2xl font-bold tracking-widest text-emerald-800">{status.label}</p>
          <p className="flex flex-wrap justify-end gap-x-2 text-neutral-700">
            <span>{status.totalLabel}</span>
            <span className="font-medium whitespace-nowrap tabular-nums">
              <Iso>{status.amount}</Iso>
            </span>
          </p>
        </div>
      ) : (
        <div className="rounded-lg bg-neutral-100 px-5 py-3 text-end print:border print:border-neutral-300">
          <p className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            {status.label}
          </p>
          <p className="text-2xl font-bold whitespace-nowrap tabular-nums">
            <Iso>{status.amount}</Iso>
          </p>
          {status.dueBy ? (
            <p className="text-neutral-600">
              <Said phrase={status.dueBy} />
            </p>
          ) : null}
        </div>
      )}
    </div>
  ),

  lines: ({ caption, heads, rows }) => (
    <>
      {/* A narrow sheet (a phone; the table needs ~450 px) stacks the lines; paper has the table. */}
      <ul className="mt-6 grid gap-3 @lg:hidden print:hidden" aria-label={caption}>
        {rows.map((l, i) => (
          <li key={i} className="grid gap-0.5 border-b border-neutral-200 pb-3">
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">
                <bdi>{l.description}</bdi>
              </span>
              <span className="font-medium whitespace-nowrap tabular-nums">
                <Iso>{l.amount}</Iso>
              </span>
            </div>
            <span className="text-neutral-600 tabular-nums">
              <span className="whitespace-nowrap">
                <Iso>{l.quantity}</Iso> ×{' '}
              </span>
              <span className="whitespace-nowrap">
                <Iso>{l.price}</Iso>
              </span>
              {l.discount ? (
                <span className="whitespace-nowrap">
                  {' − '}
                  <Iso>{l.discount}</Iso>
                </span>
              ) : null}{' '}
              ·{' '}
              <span className="whitespace-nowrap">
                <Said phrase={l.taxRate} />
              </span>
            </span>
          </li>
        ))}
      </ul>
      <table className="mt-8 hidden w-full @lg:table print:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-neutral-300 text-neutral-600">
          <tr>
            <th scope="col" className="py-2 text-start font-medium">
              {heads.description}
            </th>
            {[heads.quantity, heads.price, heads.discount, heads.tax, heads.amount].map((h, i) =>
              h === null ? null : (
                <th key={i} scope="col" className="py-2 ps-3 text-end font-medium">
                  {h}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((l, i) => (
            <tr key={i} className="border-b border-neutral-200 align-top">
              <td className="py-2 pe-4 whitespace-pre-line [overflow-wrap:anywhere]">
                <bdi>{l.description}</bdi>
              </td>
              <td className="py-2 ps-3 text-end tabular-nums">
                <span className="whitespace-nowrap">
                  <Iso>{l.quantity}</Iso>
                </span>
              </td>
              <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                <Iso>{l.price}</Iso>
              </td>
              {heads.discount === null ? null : (
                <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                  {l.discount ? <Iso>{l.discount}</Iso> : ''}
                </td>
              )}
              <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                <Iso>{l.tax}</Iso>
              </td>
              <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                <Iso>{l.amount}</Iso>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  ),

  totals: ({ taxSummary, rows }) => (
    <div className="mt-4 flex flex-wrap justify-between gap-6 break-inside-avoid">
      {taxSummary ? (
        <AmountTable className="self-start text-neutral-700" table={taxSummary} />
      ) : (
        <div />
      )}
      <dl className="grid w-full grid-cols-[1fr_auto] gap-x-6 gap-y-1 @sm:w-auto @sm:min-w-64">
        {rows.map((r, i) => (
          <TotalRow
            key={i}
            label={<Said phrase={r.label} />}
            amount={r.amount}
            className={
              r.ruleAbove
                ? 'border-t border-neutral-300 pt-1 font-semibold'
                : r.strong
                  ? 'font-semibold'
                  : undefined
            }
          />
        ))}
      </dl>
    </div>
  ),

  deduction: ({ table }) => (
    <AmountTable className="mt-6 w-full text-neutral-700 break-inside-avoid" table={table} />
  ),

  vatNote: ({ text }) => (
    <p className="mt-4 text-neutral-700">
      <Said phrase={text} />
    </p>
  ),

  notes: ({ columns }) => (
    <div className="mt-8 grid gap-4 text-neutral-700 break-inside-avoid @lg:grid-cols-2">
      {columns.map((c) => (
        <TextBlock key={c.heading} heading={c.heading} body={c.body} />
      ))}
    </div>
  ),

  answer: ({ heading, body }) => (
    <div className="mt-8 text-neutral-700 break-inside-avoid">
      <TextBlock heading={heading} body={body} />
    </div>
  ),

  payment: ({ heading, rows, iban }, { id, paymentCode }) => (
    <section
      aria-labelledby={`${id}-pay`}
      className="mt-8 flex flex-wrap items-start justify-between gap-6 rounded-lg border border-neutral-300 p-4 break-inside-avoid"
    >
      <div className="min-w-0">
        <h3
          id={`${id}-pay`}
          className="text-xs font-semibold tracking-wide text-neutral-600 uppercase"
        >
          {heading}
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {rows.map((r) => (
            <Fragment key={r.label}>
              <dt className="text-neutral-600">{r.label}</dt>
              {r.style === 'text' ? (
                <dd className="min-w-0 [overflow-wrap:anywhere]">
                  <Iso>{r.value}</Iso>
                </dd>
              ) : r.style === 'iban' ? (
                <dd className="min-w-0 font-mono">
                  <IbanText iban={iban} />
                </dd>
              ) : (
                <dd
                  className={`min-w-0 font-mono${r.style === 'strong' ? ' [overflow-wrap:anywhere]' : ''}`}
                >
                  <span dir="ltr">{r.value}</span>
                </dd>
              )}
            </Fragment>
          ))}
        </dl>
      </div>
      {paymentCode}
    </section>
  ),

  // Paper only: the page's footer.
  footer: () => null,
}

/** A party's lines under its name: contact, address, place, country, labelled IDs. */
function PartyLines({ party, className }: { party: Party; className?: string }) {
  const line = className ? `${className} [overflow-wrap:anywhere]` : undefined
  return (
    <>
      {party.contact ? (
        <p className={className}>
          <Iso>{party.contact}</Iso>
        </p>
      ) : null}
      {party.address ? (
        <p className={line}>
          <Lines text={party.address} />
        </p>
      ) : null}
      {party.place ? (
        <p className={className}>
          <Iso>{party.place}</Iso>
        </p>
      ) : null}
      {party.country ? <p className={className}>{party.country}</p> : null}
      {party.ids.map((id) => (
        <p key={id.text} className={className}>
          <Said phrase={id} />
        </p>
      ))}
    </>
  )
}

/** A heading and free text, its lines kept (notes, terms, the answer). */
function TextBlock({ heading, body }: { heading: string; body: string }) {
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">{heading}</h3>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">
        <bdi>{body}</bdi>
      </p>
    </div>
  )
}

function paint<K extends SheetBlockKind>(block: Block<K>, ctx: Context): ReactNode {
  return (PAINTERS[block.kind] as Painters[K])(block, ctx)
}

/**
 * A quote, invoice or credit note as the customer sees it, on screen and on paper — the owner's
 * record page and print view, and the customer's public page draw this one sheet. It paints the
 * document's blocks (sheetOf, on screen) in the document's language (the customer's), with its
 * dates, amounts and direction, whatever the interface around it speaks.
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
  const sheet = sheetOf(doc, { dt, medium: 'screen' })
  return (
    <article className={SHEET_CLASS} lang={locale} dir={sheet.dir} aria-label={sheet.label}>
      {sheet.blocks.map((b, i) => (
        <Fragment key={i}>{paint(b, { id, paymentCode })}</Fragment>
      ))}
      {children}
    </article>
  )
}

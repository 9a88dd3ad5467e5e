import { directionOf, type DocKey, type DocTranslate } from '@/lib/i18n'
import type { Locale } from '@/lib/i18n/locales'
import { docFormat, type DocFormat } from './doc-format'
import { documentLocale } from './document-language'
import { formatIban } from './payment-code'
import type { PrintableDocument } from './printable'
import { deductionLines, headingKeys, settlementLines } from './settlement-rows'

/**
 * What a printed document shows, decided once: `sheetOf` turns a printable document into ordered
 * blocks, and the HTML sheet (the owner's record page and print view, the customer's page) and the
 * PDF only paint them. Blocks are data: every string already in the document's language and
 * format, amounts in cents beside their text where a painter aligns them.
 *
 * The two media differ where a page and paper differ, and only here: on screen a paid invoice says
 * PAID in its status box and shows no payment block; paper carries a PAID watermark, the payment
 * block and the quote's answer (on screen the page around the sheet says it), the VAT note as a
 * column beside the notes, captions in capitals and a footer on every page.
 */
export type Medium = 'screen' | 'paper'

/** A sentence with one part that keeps its own direction (a number, an ID, a date, a rate). */
export interface Phrase {
  text: string
  /** The part of `text` to isolate ("" for none). */
  isolate: string
}

/** A label and its value (a date, a number). */
export interface Pair {
  label: string
  value: string
}

/** The seller or the buyer as printed. */
export interface Party {
  name: string
  /** The person addressed ("" for none; the buyer only). */
  contact: string
  /** Free text, its lines kept. */
  address: string
  /** Postal code and city, "" for none. */
  place: string
  /** The country's name in the document's language, "" for none. */
  country: string
  /** "Tax ID …", "VAT ID …": the ID isolated. */
  ids: Phrase[]
}

/** A small table of amounts: a caption, its column heads, rows whose first cell names the row. */
export interface AmountTable {
  caption: string
  heads: string[]
  rows: Array<{ cells: string[]; strong: boolean }>
}

export interface LineRow {
  description: string
  /** The quantity and its unit: "2.5 h". */
  quantity: string
  price: string
  /** "" when the line has no discount. */
  discount: string
  tax: string
  amount: string
  /** The narrow sheet's "VAT 19%". */
  taxRate: Phrase
}

export interface TotalRow {
  label: Phrase
  amount: string
  cents: number
  strong: boolean
  /** A rule above the row (the total). */
  ruleAbove: boolean
}

export interface TextColumn {
  heading: string
  body: string
}

export type SheetBlock =
  /** DRAFT, VOID (and on paper PAID), across the page; `statement` is said to a screen reader. */
  | { kind: 'watermark'; word: string; tone: 'grey' | 'green'; statement: string }
  /** The seller (and logo) beside the document's title and dates. */
  | {
      kind: 'heading'
      seller: Party
      logo: { url: string; alt: string } | null
      title: Phrase
      dates: Pair[]
    }
  /** The buyer beside the status: the amount due and by when, or PAID and the total. */
  | {
      kind: 'billTo'
      caption: string
      buyer: Party
      status: {
        paid: boolean
        label: string
        amount: string
        cents: number
        /** Paid: the total's label beside the amount (screen). */
        totalLabel: string
        /** "by Apr 9, 2026", the date isolated; null when nothing is due by a date. */
        dueBy: Phrase | null
      }
    }
  | {
      kind: 'lines'
      caption: string
      heads: {
        description: string
        quantity: string
        price: string
        /** null: no line has a discount, no column. */
        discount: string | null
        tax: string
        amount: string
      }
      rows: LineRow[]
    }
  /** The tax per rate (null without lines) beside the totals and the rows under the total. */
  | { kind: 'totals'; taxSummary: AmountTable | null; rows: TotalRow[] }
  /** A final invoice's deposits per rate, then what is still charged per rate. */
  | { kind: 'deduction'; table: AmountTable }
  /** Why 0 % lines carry no VAT, as a sentence (screen; on paper it is a notes column). */
  | { kind: 'vatNote'; text: Phrase }
  | { kind: 'notes'; columns: TextColumn[] }
  | { kind: 'answer'; accepted: boolean; heading: string; body: string }
  | {
      kind: 'payment'
      heading: string
      rows: Array<{ label: string; value: string; style: 'text' | 'strong' | 'iban' | 'code' }>
      /** The raw IBAN (the screen groups it itself). */
      iban: string
      /** Under the QR code. */
      scanLabel: string
    }
  /** Paper: on every page, what this is and "Page n of m" ({page}, {pages} filled in per page). */
  | { kind: 'footer'; text: string; page: string }

export type SheetBlockKind = SheetBlock['kind']

export interface Sheet {
  locale: Locale
  dir: 'ltr' | 'rtl'
  /** The document's heading ("Invoice INV-0001", "Invoice" for a draft): the PDF's title. */
  title: string
  /** The sheet's accessible name ("Invoice (draft)" for a draft). */
  label: string
  /** The PDF's subject. */
  subject: string
  author: string
  blocks: SheetBlock[]
}

/** The blocks of one kind (the first), for painters and tests. */
export function blockOf<K extends SheetBlockKind>(
  sheet: Pick<Sheet, 'blocks'>,
  kind: K,
): Extract<SheetBlock, { kind: K }> | undefined {
  return sheet.blocks.find((b): b is Extract<SheetBlock, { kind: K }> => b.kind === kind)
}

/** The document's blocks, in the order they are painted, in its language. */
export function sheetOf(doc: PrintableDocument, opts: { dt: DocTranslate; medium: Medium }): Sheet {
  const { dt, medium } = opts
  const paper = medium === 'paper'
  const locale = documentLocale(doc)
  const f = docFormat(locale)
  const caps = (s: string) => (paper ? f.upper(s) : s)
  const c = doc.currency || 'EUR'
  const money = (cents: number) => f.money(cents, c)
  // An amount taken off, as the language writes a negative amount, with a true minus.
  const minus = (cents: number) => f.money(-cents, c).replace('-', '−')
  const invoice = doc.kind === 'invoice'
  const credit = doc.kind === 'credit_note'
  const paid = invoice && doc.status === 'paid'
  const keys = headingKeys(doc)
  const heading = doc.number ? dt(keys.heading, { number: doc.number }) : dt(keys.kind)
  const blocks: SheetBlock[] = []

  const word =
    doc.status === 'draft'
      ? 'doc.watermark.draft'
      : doc.status === 'void'
        ? 'doc.watermark.void'
        : paper && paid
          ? 'doc.watermark.paid'
          : null
  if (word)
    blocks.push({
      kind: 'watermark',
      word: dt(word),
      tone: word === 'doc.watermark.paid' ? 'green' : 'grey',
      statement:
        paper || word === 'doc.watermark.paid'
          ? ''
          : dt(doc.status === 'draft' ? 'doc.sheet.isDraft' : 'doc.sheet.isVoid', {
              kind: doc.kind,
            }),
    })

  const dates: Pair[] = [
    {
      label: dt(invoice ? 'doc.dates.issued.invoice' : 'doc.dates.issued.quote'),
      value: f.date(doc.issue_date),
    },
  ]
  if (invoice) dates.push({ label: dt('doc.dates.due'), value: f.date(doc.due_date) })
  else if (doc.expiry_date)
    dates.push({ label: dt('doc.dates.validUntil'), value: f.date(doc.expiry_date) })
  if (credit && doc.credits_invoice)
    dates.push({ label: dt('doc.creditNote.invoice'), value: doc.credits_invoice })
  const { seller, buyer } = doc
  blocks.push({
    kind: 'heading',
    seller: party(
      {
        name: seller.company_name || dt('doc.seller.placeholder'),
        contact: '',
        address: seller.company_address,
        postal_code: seller.postal_code,
        city: seller.city,
        country: seller.country,
        ids: [
          ['doc.party.taxId', seller.company_tax_id],
          ['doc.party.vatId', seller.vat_id],
        ],
      },
      f,
      dt,
    ),
    logo: seller.logo_url
      ? {
          url: seller.logo_url,
          alt: seller.company_name
            ? dt('doc.seller.logo', { company: seller.company_name })
            : dt('doc.seller.logoUnnamed'),
        }
      : null,
    title: { text: heading, isolate: doc.number },
    dates,
  })

  const due = invoice && !paid ? doc.balance_cents : doc.total_cents
  const dueOn = f.date(doc.due_date)
  blocks.push({
    kind: 'billTo',
    caption: caps(dt('doc.billTo')),
    // On screen the customer may still be loading ("…"); on paper a document without one says "—".
    buyer: party(
      {
        name: buyer.name || (paper ? '—' : '…'),
        contact: buyer.contact_name,
        address: buyer.address,
        postal_code: buyer.postal_code,
        city: buyer.city,
        country: buyer.country,
        ids: [['doc.party.taxId', buyer.tax_id]],
      },
      f,
      dt,
    ),
    status: {
      paid,
      label: caps(
        dt(
          paid
            ? 'doc.watermark.paid'
            : invoice
              ? 'doc.amountDue'
              : credit
                ? 'doc.creditNote.total'
                : 'doc.total',
        ),
      ),
      amount: money(due),
      cents: due,
      totalLabel: paid ? dt('doc.total') : '',
      dueBy: invoice && !paid ? { text: dt('doc.dueBy', { date: dueOn }), isolate: dueOn } : null,
    },
  })

  const quantity = new Intl.NumberFormat(f.intl, { maximumFractionDigits: 4, useGrouping: false })
  const anyDiscount = doc.items.some((l) => l.discount_percent)
  blocks.push({
    kind: 'lines',
    caption: dt('doc.lines.label'),
    heads: {
      description: dt('doc.lines.description'),
      quantity: dt('doc.lines.qty'),
      price: dt('doc.lines.price'),
      discount: anyDiscount ? dt('doc.lines.discount') : null,
      tax: dt('doc.lines.tax'),
      amount: dt('doc.lines.amount'),
    },
    rows: doc.items.map((l) => {
      const rate = f.percent(l.tax_rate || 0)
      return {
        description: l.description,
        quantity: `${quantity.format(l.quantity)}${l.unit ? ` ${l.unit}` : ''}`,
        price: money(l.unit_price_cents),
        discount: l.discount_percent ? f.percent(l.discount_percent) : '',
        tax: rate,
        amount: money(l.net_cents),
        taxRate: { text: dt('doc.lines.taxRate', { rate }), isolate: rate },
      }
    }),
  })

  const rows: TotalRow[] = [
    row(dt('doc.totals.subtotal'), money(doc.subtotal_cents), doc.subtotal_cents),
  ]
  if (doc.discount_cents) {
    const percent = f.percent(doc.discount_percent)
    rows.push({
      ...row(
        dt('doc.totals.discount', { percent }),
        minus(doc.discount_cents),
        -doc.discount_cents,
      ),
      label: { text: dt('doc.totals.discount', { percent }), isolate: percent },
    })
  }
  rows.push(row(dt('doc.totals.tax'), money(doc.tax_cents), doc.tax_cents))
  rows.push({
    ...row(dt('doc.totals.total'), money(doc.total_cents), doc.total_cents),
    strong: true,
    ruleAbove: true,
  })
  for (const r of settlementLines(doc, f, dt))
    rows.push({ ...row(r.label, r.amount, r.cents), strong: r.last })
  const breakdown = doc.tax_breakdown ?? []
  blocks.push({
    kind: 'totals',
    taxSummary: breakdown.length
      ? {
          caption: caps(dt('doc.taxSummary.heading')),
          heads: [dt('doc.taxSummary.rate'), dt('doc.taxSummary.net'), dt('doc.taxSummary.tax')],
          rows: breakdown.map((g) => ({
            cells: [f.percent(g.rate), money(g.net_cents), money(g.tax_cents)],
            strong: false,
          })),
        }
      : null,
    rows,
  })

  const deduction = deductionLines(doc, f, dt)
  if (deduction.length)
    blocks.push({
      kind: 'deduction',
      table: {
        caption: caps(dt('doc.deduction.heading')),
        heads: [
          dt('doc.deduction.document'),
          dt('doc.taxSummary.rate'),
          dt('doc.taxSummary.net'),
          dt('doc.taxSummary.tax'),
        ],
        rows: deduction.map((r) => ({ cells: [r.label, r.rate, r.net, r.tax], strong: r.due })),
      },
    })

  const columns: TextColumn[] = []
  if (doc.vat_note) {
    if (paper) columns.push({ heading: caps(dt('doc.notes.vat')), body: doc.vat_note })
    else
      blocks.push({
        kind: 'vatNote',
        text: { text: dt('doc.notes.vatNote', { note: doc.vat_note }), isolate: doc.vat_note },
      })
  }
  if (doc.notes.trim()) columns.push({ heading: caps(dt('doc.notes.notes')), body: doc.notes })
  if (doc.terms.trim()) columns.push({ heading: caps(dt('doc.notes.terms')), body: doc.terms })
  if (columns.length) blocks.push({ kind: 'notes', columns })

  if (paper && doc.kind === 'quote' && doc.answer) {
    const a = doc.answer
    const on = f.date(a.at)
    blocks.push({
      kind: 'answer',
      accepted: a.accepted,
      heading: caps(dt(a.accepted ? 'doc.answer.accepted' : 'doc.answer.declined')),
      body: a.accepted
        ? `${a.name ? dt('doc.answer.acceptedBy', { name: a.name, date: on }) : dt('doc.answer.acceptedByCustomer', { date: on })}${a.note ? `\n${a.note}` : ''}`
        : `${dt('doc.answer.declinedOn', { date: on })}${a.note ? `\n${dt('doc.answer.reason', { note: a.note })}` : ''}`,
    })
  }

  if (invoice && doc.payment && (paper || !paid)) {
    const p = doc.payment
    const reference = p.reference || doc.number
    const payRows: Extract<SheetBlock, { kind: 'payment' }>['rows'] = []
    if (p.holder) payRows.push({ label: dt('doc.payment.holder'), value: p.holder, style: 'text' })
    payRows.push({ label: dt('doc.payment.iban'), value: formatIban(p.iban), style: 'iban' })
    if (p.bic) payRows.push({ label: dt('doc.payment.bic'), value: p.bic, style: 'code' })
    if (reference)
      payRows.push({ label: dt('doc.payment.reference'), value: reference, style: 'strong' })
    blocks.push({
      kind: 'payment',
      heading: caps(dt(paper ? 'doc.payment.details' : 'doc.payment.howToPay')),
      rows: payRows,
      iban: p.iban,
      scanLabel: dt('doc.payment.scanToPay'),
    })
  }

  if (paper)
    blocks.push({
      kind: 'footer',
      text: seller.company_name ? `${heading} · ${seller.company_name}` : heading,
      page: dt('doc.pdf.page', { page: '{page}', pages: '{pages}' }),
    })

  return {
    locale,
    dir: directionOf(locale),
    title: heading,
    label:
      doc.number || credit
        ? heading
        : dt(invoice ? 'doc.draftLabel.invoice' : 'doc.draftLabel.quote'),
    subject: buyer.name ? dt('doc.pdf.subject', { heading, customer: buyer.name }) : heading,
    author: seller.company_name,
    blocks,
  }
}

/** A totals row: its label (nothing isolated) and amount. */
function row(label: string, amount: string, cents: number): TotalRow {
  return { label: { text: label, isolate: '' }, amount, cents, strong: false, ruleAbove: false }
}

/** A party as printed: its place, its country's name, its IDs labelled. */
function party(
  p: {
    name: string
    contact: string
    address: string
    postal_code: string
    city: string
    country: string
    ids: Array<[DocKey, string]>
  },
  f: DocFormat,
  dt: DocTranslate,
): Party {
  return {
    name: p.name,
    contact: p.contact,
    address: p.address,
    place: [p.postal_code, p.city].filter(Boolean).join(' '),
    country: p.country ? f.country(p.country) : '',
    ids: p.ids.filter(([, id]) => id).map(([key, id]) => ({ text: dt(key, { id }), isolate: id })),
  }
}

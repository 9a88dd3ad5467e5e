/**
 * What the three generators share: the source read as EN 16931 business terms. Every amount is
 * the source's stored minor units written in major units; nothing is recomputed. Two amounts are
 * derived, each from stored amounts only and said where: a line's discount (its gross, quantity
 * × unit price, minus its stored net) and the document discount per VAT group (the group's line
 * nets minus the breakdown's stored net).
 */
import { toMajor } from '@/billing/format'
import type { EInvoiceSource, VatCategory } from './source'

export type EInvoiceFormat = 'facturx' | 'xrechnung' | 'peppol'

/** VAT categories whose breakdown row must say why no VAT is charged (BR-E-10, BR-AE-10…). */
export const NEEDS_REASON: ReadonlySet<VatCategory> = new Set(['E', 'AE', 'K', 'G', 'O'])

/** Texts used when the source gives none, for the categories where one is unambiguous. */
const DEFAULT_REASON: Partial<Record<VatCategory, string>> = {
  AE: 'Reverse charge',
  K: 'Intra-community supply',
}

/** VATEX codes (CEF VATEX list) for the categories that have exactly one. */
const VATEX: Partial<Record<VatCategory, string>> = {
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
}

export type Line = EInvoiceSource['lines'][number]
export type TaxRow = EInvoiceSource['tax_breakdown'][number]

/** A line as the XML says it. */
export interface LineTerms {
  id: string
  /** BT-153: the description's first line; BT-154: the rest ("" when none). */
  name: string
  description: string
  /** BT-129, negative for a negative unit price (BR-27: the price itself is never negative). */
  quantity: string
  unitCode: string
  /** BT-146, ≥ 0. */
  price: string
  /** BT-131, the stored net. */
  net: string
  /** The line discount (BG-27), when the line has one. */
  discount: Discount | null
  category: VatCategory
  /** BT-152; null for "not subject to VAT" (BR-O-05). */
  rate: string | null
}

/** A discount, on a line (BG-27) or on a VAT group (BG-20): percent and base only with a percent. */
export interface Discount {
  percent: string | null
  base: string | null
  amount: string
}

/** A breakdown row (BG-23) and the document discount that row carries (BG-20). */
export interface GroupTerms {
  category: VatCategory
  /** BT-119 (0 for O as well: XRechnung's BR-DE-14 wants a rate on every row). */
  rate: string
  /** The rate where BR-O-05/06 forbid one: null for O. */
  lineRate: string | null
  taxable: string
  tax: string
  reason: string
  reasonCode: string
  /** BG-20 for this group; null when the group has no share of the document discount. */
  allowance: Discount | null
}

export interface InvoiceTerms {
  currency: string
  lines: LineTerms[]
  groups: GroupTerms[]
  /** BT-106, BT-107, BT-109, BT-110, BT-112, BT-113, BT-115. */
  lineTotal: string
  allowanceTotal: string | null
  taxExclusive: string
  taxTotal: string
  taxInclusive: string
  prepaid: string | null
  payable: string
  /** BT-22 (one note: Peppol's R002) and BT-20; "" when none. */
  note: string
  /**
   * BT-20. A credit note owes the buyer its total, and no due date: BR-CO-25 then wants payment
   * terms, so without terms of its own they say which invoice it credits.
   */
  terms: string
  /**
   * BT-25 and BT-26 (YYYY-MM-DD), one BG-3 each: the invoice a credit note corrects, or the
   * deposit invoices a final invoice deducts; empty for any other invoice.
   */
  precedingInvoices: Array<{ number: string; issueDate: string }>
  /** BT-31 and BT-48, "" when not shown: an invoice with an O line shows none (BR-O-02). */
  sellerVatId: string
  buyerVatId: string
  /**
   * BT-29: without a VAT ID the buyer still needs an identifier for the seller (BR-CO-26), so
   * the tax number (BT-32) doubles as one; "" when the VAT ID is shown.
   */
  sellerId: string
  /** BG-17 for payment means 58, IBAN and BIC without spaces; null: means 1 (not defined). */
  payment: { iban: string; bic: string; holder: string } | null
  /** BT-72 and the deliver-to country (BT-80): an intra-community supply needs both (BR-IC-11/12). */
  delivery: { date: string; country: string } | null
  /** Street lines of each party: BT-35/36/162 and BT-50/51/163. */
  sellerStreet: [string, string, string]
  buyerStreet: [string, string, string]
}

const num = (n: number): string => {
  // Quantities and rates have at most 3 decimals (the server refuses more): no exponent form.
  const s = String(n)
  return /e/i.test(s) ? n.toFixed(6).replace(/\.?0+$/, '') : s
}

/** n / d rounded half away from zero, as the server rounds (server/internal/money). */
function divRound(n: number, d: number): number {
  const q = Math.round(Math.abs(n) / d)
  return n < 0 ? -q : q
}

/** Up to three street lines from the address textarea. */
function streetLines(text: string): [string, string, string] {
  const parts = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
  return [parts[0] ?? '', parts[1] ?? '', parts.slice(2).join(', ')]
}

/** The stored nets of the lines of a breakdown row's group (category and rate). */
function groupLinesNet(src: EInvoiceSource, row: TaxRow): number {
  return src.lines
    .filter((l) => l.vat_category === row.category && l.tax_rate === row.rate)
    .reduce((a, l) => a + l.net_cents, 0)
}

export function reasonFor(row: Pick<TaxRow, 'category' | 'exemption_reason'>): string {
  if (!NEEDS_REASON.has(row.category)) return ''
  return row.exemption_reason.trim() || DEFAULT_REASON[row.category] || ''
}

/**
 * Throws when the stored amounts do not add up: a file built from them would be refused, and no
 * amount may be recomputed to hide it.
 */
export function checkAmounts(src: EInvoiceSource): void {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  const problems: string[] = []
  const lines = sum(src.lines.map((l) => l.net_cents))
  if (lines !== src.subtotal_cents) problems.push(`lines ${lines} ≠ subtotal ${src.subtotal_cents}`)
  const taxable = sum(src.tax_breakdown.map((r) => r.net_cents))
  if (taxable !== src.subtotal_cents - src.discount_cents)
    problems.push(`breakdown nets ${taxable} ≠ subtotal − discount`)
  const tax = sum(src.tax_breakdown.map((r) => r.tax_cents))
  if (tax !== src.tax_cents) problems.push(`breakdown tax ${tax} ≠ tax ${src.tax_cents}`)
  if (src.subtotal_cents - src.discount_cents + src.tax_cents !== src.total_cents)
    problems.push('subtotal − discount + tax ≠ total')
  const deducted = src.deducted_cents ?? 0
  if (src.total_cents - deducted - src.paid_cents !== src.balance_cents)
    problems.push('total − deposits − paid ≠ balance')
  for (const l of src.lines) {
    if (!src.tax_breakdown.some((r) => r.category === l.vat_category && r.rate === l.tax_rate))
      problems.push(`line ${l.id} has no breakdown row for ${l.vat_category} ${l.tax_rate}%`)
  }
  const shares = src.tax_breakdown.map((r) => groupLinesNet(src, r) - r.net_cents)
  if (shares.some((s) => s < 0)) problems.push('a breakdown net exceeds its lines')
  if (sum(shares) !== src.discount_cents)
    problems.push(`the groups' discounts ${sum(shares)} ≠ discount ${src.discount_cents}`)
  if (problems.length) {
    throw new Error(
      `Invoice ${src.number}: the stored amounts do not add up (${problems.join('; ')})`,
    )
  }
}

/**
 * A deposit invoice says it is one in its note as well as by its type code: XRechnung has no 386,
 * so there the note is what says it.
 */
function depositNote(src: EInvoiceSource): string {
  return src.type_code === '386' ? 'Prepayment (deposit) invoice.' : ''
}

/**
 * What a final invoice deducts, per deposit and rate, in words: the breakdown (BG-23) is the whole
 * work's and the deposits' gross is prepaid (BT-113); the VAT the deposits already charged is
 * deducted here, rate by rate (§14(5) UStG, Art. 289 CGI).
 */
function deductionNote(
  src: EInvoiceSource,
  deposits: NonNullable<EInvoiceSource['deposits']>,
): string {
  if (!deposits.length) return ''
  const m = (cents: number) => `${toMajor(cents, src.currency)} ${src.currency}`
  const lines = deposits.map(
    (d) =>
      `Deposit invoice ${d.number} of ${d.issue_date}: ` +
      d.rows
        .map((r) => `${num(r.rate)} % VAT: net ${m(r.net_cents)}, VAT ${m(r.tax_cents)}`)
        .join('; '),
  )
  const due = src.tax_breakdown.map((row) => {
    const taken = deposits
      .flatMap((d) => d.rows)
      .filter((r) => r.rate === row.rate)
      .reduce((a, r) => ({ net: a.net + r.net_cents, tax: a.tax + r.tax_cents }), {
        net: 0,
        tax: 0,
      })
    return `${num(row.rate)} % VAT: net ${m(row.net_cents - taken.net)}, VAT ${m(row.tax_cents - taken.tax)}`
  })
  return [
    `Deposits deducted (${m(src.deducted_cents ?? 0)}):`,
    ...lines,
    'Still charged:',
    ...due,
  ].join('\n')
}

export function invoiceTerms(src: EInvoiceSource): InvoiceTerms {
  checkAmounts(src)
  const cur = src.currency
  const m = (cents: number) => toMajor(cents, cur)

  const lines = src.lines.map((l): LineTerms => {
    const [first = '', ...rest] = l.description.split(/\r?\n/)
    const negative = l.unit_price_cents < 0
    const quantity = negative ? -l.quantity : l.quantity
    // The line's gross is quantity × unit price, rounded as the server rounds the net; the
    // discount is that gross minus the stored net (so gross − discount = the stored net exactly).
    const grossCents = divRound(Math.round(quantity * 1000) * Math.abs(l.unit_price_cents), 1000)
    const discountCents = grossCents - l.net_cents
    return {
      id: l.id,
      name: first.trim() || l.description.trim(),
      description: rest.join('\n').trim(),
      quantity: num(quantity),
      unitCode: l.unit_code || 'C62',
      price: m(Math.abs(l.unit_price_cents)),
      net: m(l.net_cents),
      discount:
        discountCents !== 0
          ? l.discount_percent > 0
            ? { percent: num(l.discount_percent), base: m(grossCents), amount: m(discountCents) }
            : { percent: null, base: null, amount: m(discountCents) }
          : null,
      category: l.vat_category,
      rate: l.vat_category === 'O' ? null : num(l.tax_rate),
    }
  })

  const groups = src.tax_breakdown.map((row): GroupTerms => {
    const linesNet = groupLinesNet(src, row)
    // The document discount of this group: the group's line nets minus the breakdown's stored
    // net (the server shares the discount over the groups; this reads its share back).
    const share = linesNet - row.net_cents
    const percent = src.discount_percent > 0 ? num(src.discount_percent) : null
    return {
      category: row.category,
      rate: num(row.rate),
      lineRate: row.category === 'O' ? null : num(row.rate),
      taxable: m(row.net_cents),
      tax: m(row.tax_cents),
      reason: reasonFor(row),
      reasonCode: VATEX[row.category] ?? '',
      allowance:
        share !== 0 ? { percent, base: percent ? m(linesNet) : null, amount: m(share) } : null,
    }
  })

  const notSubjectToVat = [
    ...src.lines.map((l) => l.vat_category),
    ...src.tax_breakdown.map((r) => r.category),
  ].includes('O')
  const sellerVatId = notSubjectToVat ? '' : src.seller.vat_id.trim()
  const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase()
  const intraCommunity = src.lines.some((l) => l.vat_category === 'K')
  const preceding = src.type_code === '381' ? src.preceding_invoice : undefined
  const deposits = src.type_code === '380' ? (src.deposits ?? []) : []
  const prepaid = src.paid_cents + (src.deducted_cents ?? 0)
  return {
    currency: cur,
    lines,
    groups,
    lineTotal: m(src.subtotal_cents),
    allowanceTotal: src.discount_cents !== 0 ? m(src.discount_cents) : null,
    taxExclusive: m(src.subtotal_cents - src.discount_cents),
    taxTotal: m(src.tax_cents),
    taxInclusive: m(src.total_cents),
    prepaid: prepaid !== 0 ? m(prepaid) : null,
    payable: m(src.balance_cents),
    note: [src.notes.trim(), depositNote(src), deductionNote(src, deposits)]
      .filter(Boolean)
      .join('\n\n'),
    terms: src.terms.trim() || (preceding ? `Credit note for invoice ${preceding.number}` : ''),
    precedingInvoices: preceding
      ? [{ number: preceding.number.trim(), issueDate: preceding.issue_date }]
      : deposits.map((d) => ({ number: d.number.trim(), issueDate: d.issue_date })),
    sellerVatId,
    buyerVatId: notSubjectToVat ? '' : src.buyer.vat_id.trim(),
    sellerId: sellerVatId ? '' : src.seller.tax_registration.trim(),
    payment: src.payment
      ? {
          iban: compact(src.payment.iban),
          bic: compact(src.payment.bic),
          holder: src.payment.holder.trim() || src.seller.name,
        }
      : null,
    // An intra-community supply needs the actual delivery date and the deliver-to country:
    // Folio records neither, so the issue date and the buyer's country stand for them.
    delivery: intraCommunity ? { date: src.issue_date, country: src.buyer.country } : null,
    sellerStreet: streetLines(src.seller.street),
    buyerStreet: streetLines(src.buyer.street),
  }
}

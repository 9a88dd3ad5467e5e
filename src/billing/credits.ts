import type { CreditNote, Invoice, Payment, Quote, TaxBreakdownRow } from './types'

/**
 * What an invoice's payments, credit notes and refunds leave on it: the twin of the server's
 * decideSettlement (server/internal/billing/decide_credit.go). Both pass tests/vectors/credits.json.
 */
export interface Settlement {
  /** What the customer still owes. */
  balance_cents: number
  /** What the invoice owes the customer back: paid and credited beyond the total, less refunds. */
  credit_cents: number
  /** Credit notes brought the balance to 0 without the payments covering the total. */
  settled_by_credit: boolean
}

/** What an invoice's payments, credit notes and refunds are (the settlement vectors' input). */
export interface SettlementInput {
  total_cents: number
  paid_cents: number
  credited_cents: number
  refunded_cents: number
  void: boolean
}

export function settlement(i: SettlementInput): Settlement {
  if (i.void) return { balance_cents: 0, credit_cents: 0, settled_by_credit: false }
  let balance = i.total_cents - i.paid_cents - i.credited_cents
  let credit = 0
  if (balance < 0) {
    credit = -balance
    balance = 0
  }
  return {
    balance_cents: balance,
    credit_cents: credit - i.refunded_cents,
    settled_by_credit: balance === 0 && i.credited_cents > 0 && i.paid_cents < i.total_cents,
  }
}

/**
 * What an invoice's payments paid: Σ(amount − returned), each payment counting 0 at least (a card
 * payment refunded from Payments or Stripe's dashboard no longer pays the invoice; refunding an
 * over-payment's excess leaves the total covered). The twin of the server's decidePaidCents
 * (decide_credit.go); both pass the paid cases of tests/vectors/credits.json.
 */
export const paidCents = (
  payments: ReadonlyArray<Pick<Payment, 'amount_cents' | 'returned_cents'>>,
): number =>
  payments.reduce(
    (sum, p) => sum + Math.max(0, p.amount_cents - Math.max(0, p.returned_cents ?? 0)),
    0,
  )

/**
 * What a credit note can still give back, by refund or applied to another invoice of its customer:
 * its invoice's credit, and no more than its total less what it already gave (refunded_cents counts
 * both). Never below 0. The twin of the server's creditNoteLeft (decide_credit.go); both pass the
 * credit_left cases of tests/vectors/credits.json.
 */
export const creditNoteLeft = (
  invoiceCreditCents: number,
  noteTotalCents: number,
  noteUsedCents: number,
): number => Math.max(0, Math.min(invoiceCreditCents, noteTotalCents - noteUsedCents))

/** The invoice's own figures as the server stored them, read through the same rule. */
export const invoiceSettlement = (inv: Invoice): Settlement =>
  settlement({
    total_cents: inv.total_cents,
    paid_cents: inv.paid_cents,
    credited_cents: inv.credited_cents ?? 0,
    refunded_cents: inv.refunded_cents ?? 0,
    void: inv.status === 'void',
  })

/** What a new credit note may still credit on the invoice: its total less what is credited. */
export const creditableCents = (inv: Pick<Invoice, 'total_cents' | 'credited_cents'>): number =>
  Math.max(0, inv.total_cents - (inv.credited_cents ?? 0))

/** Issued invoices may be credited (the server's creditableFrom). */
export const canCredit = (inv: Pick<Invoice, 'status' | 'total_cents' | 'credited_cents'>) =>
  ['sent', 'viewed', 'partial', 'paid'].includes(inv.status) && creditableCents(inv) > 0

/** A rate in thousandths of a percent, as the totals group them. */
export const rateKey = (rate: number): number => Math.round(rate * 1000)

/**
 * What is left to credit at each VAT rate the invoice charged: its stored tax breakdown less the
 * earlier credit notes' at that rate, in the invoice's order. The twin of the server's
 * creditRatesLeft (decide_credit.go); both pass the rates cases of tests/vectors/credits.json.
 */
export function creditRatesLeft(
  invoice: readonly TaxBreakdownRow[],
  earlier: readonly (readonly TaxBreakdownRow[])[],
): TaxBreakdownRow[] {
  const left = invoice.map((g) => ({
    rate: g.rate,
    net_cents: g.net_cents,
    tax_cents: g.tax_cents,
  }))
  for (const note of earlier)
    for (const g of note) {
      const row = left.find((l) => rateKey(l.rate) === rateKey(g.rate))
      if (!row) continue
      row.net_cents -= g.net_cents
      row.tax_cents -= g.tax_cents
    }
  return left
}

/** Why a credit note's breakdown can't be credited, as the server's refusal says it. */
export type CreditRateProblem =
  | { code: 'folio_credit_rate_not_charged'; rate: number }
  | { code: 'folio_credit_over_rate'; rate: number; net_cents: number; tax_cents: number }

/**
 * The first rate at which a credit note credits more net or VAT than is left, or anything at a
 * rate the invoice never charged; null when every rate is within. The twin of the server's
 * decideCreditRates; the amounts are what is left, never below 0.
 */
export function creditRateProblem(
  left: readonly TaxBreakdownRow[],
  note: readonly TaxBreakdownRow[],
): CreditRateProblem | null {
  for (const g of note) {
    if (g.net_cents === 0 && g.tax_cents === 0) continue
    const l = left.find((x) => rateKey(x.rate) === rateKey(g.rate))
    if (!l) return { code: 'folio_credit_rate_not_charged', rate: g.rate }
    if (g.net_cents > l.net_cents || g.tax_cents > l.tax_cents)
      return {
        code: 'folio_credit_over_rate',
        rate: g.rate,
        net_cents: Math.max(0, l.net_cents),
        tax_cents: Math.max(0, l.tax_cents),
      }
  }
  return null
}

/** What a credit note says besides its lines: its reason, then its notes (on paper and in XML). */
export function creditNoteText(cn: Pick<CreditNote, 'reason' | 'notes'>): string {
  return [cn.reason, cn.notes].filter((s) => s?.trim()).join('\n\n')
}

/**
 * Whether sending a document needs a PDF made on this device. A credit note never changes, so the
 * PDF its first send mailed is kept as its issued copy and the server attaches that copy to every
 * later send (server/internal/billing/route_send_credit_note.go); making another would be wasted
 * and ignored. A quote or invoice always sends one: the server keeps it when its content changed.
 */
export const sendMakesPdf = (
  kind: 'quotes' | 'invoices' | 'credit_notes',
  doc: Quote | Invoice | CreditNote,
): boolean => kind !== 'credit_notes' || !(doc as CreditNote).issued_pdf

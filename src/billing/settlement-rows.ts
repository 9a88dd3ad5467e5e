import type { DocKey, DocTranslate } from '@/lib/i18n'
import { settlement, type SettlementInput } from './credits'
import type { DocFormat } from './doc-format'
import type { PrintableDocument } from './printable'

/** A row printed under an invoice's total: what it is and its signed amount. */
export interface SettlementRow {
  kind: 'paid' | 'credited' | 'given_back' | 'balance_due' | 'credit_owed'
  cents: number
}

/**
 * The rows under an invoice's total, as the sheet, the PDF and the customer's page print them:
 * none when nothing was paid or credited; else payments and credit notes as minus, the credit
 * given back (refunded, or applied to other invoices) as plus, and last the balance due — or the
 * credit still owed to the customer, as a minus. The total plus the rows before the last is the
 * last: the column adds up. The twin of the server's decideSettlementRows; both pass
 * tests/vectors/settlement-rows.json.
 */
export function settlementRows(d: SettlementInput): SettlementRow[] {
  if (d.void || (!d.paid_cents && !d.credited_cents)) return []
  const rows: SettlementRow[] = []
  if (d.paid_cents) rows.push({ kind: 'paid', cents: -d.paid_cents })
  if (d.credited_cents) rows.push({ kind: 'credited', cents: -d.credited_cents })
  if (d.refunded_cents) rows.push({ kind: 'given_back', cents: d.refunded_cents })
  const s = settlement(d)
  rows.push(
    s.credit_cents > 0
      ? { kind: 'credit_owed', cents: -s.credit_cents }
      : { kind: 'balance_due', cents: s.balance_cents },
  )
  return rows
}

const ROW_LABEL: Record<SettlementRow['kind'], DocKey> = {
  paid: 'doc.totals.paid',
  credited: 'doc.totals.credited',
  given_back: 'doc.totals.givenBack',
  balance_due: 'doc.totals.balanceDue',
  credit_owed: 'doc.totals.creditOwed',
}

/**
 * The rows under a printed invoice's total, in the document's words and format: a minus written
 * as the language writes a negative amount (with a true minus: "−€665.90"), what was given back
 * with a plus, the last row strong. The print sheet and the PDF both print these.
 */
export function settlementLines(
  doc: PrintableDocument,
  f: DocFormat,
  dt: DocTranslate,
): { label: string; amount: string; cents: number; last: boolean }[] {
  if (doc.kind !== 'invoice') return []
  // A final invoice owes its total less its deposits: that row first, then the usual ones on
  // what is left, always down to the balance.
  const deducted = doc.deduction?.deducted_cents ?? 0
  const owed = { ...doc, total_cents: doc.total_cents - deducted, void: doc.status === 'void' }
  let rows: Array<SettlementRow | { kind: 'deposits'; cents: number }> = settlementRows(owed)
  if (deducted) {
    rows = [
      { kind: 'deposits', cents: -deducted },
      ...(rows.length ? rows : [{ kind: 'balance_due' as const, cents: doc.balance_cents }]),
    ]
  }
  return rows.map((r, i) => {
    const last = i === rows.length - 1
    const money = f.money(r.cents, doc.currency).replace('-', '−')
    return {
      label: dt(r.kind === 'deposits' ? 'doc.totals.deposits' : ROW_LABEL[r.kind]),
      amount: r.cents > 0 && !last ? `+${money}` : money,
      cents: r.cents,
      last,
    }
  })
}

/** The heading of a printed document and its kind word (a draft has no number to show). */
export function headingKeys(doc: PrintableDocument): { heading: DocKey; kind: DocKey } {
  if (doc.kind === 'credit_note')
    return { heading: 'doc.heading.creditNote', kind: 'doc.kind.creditNote' }
  if (doc.kind === 'quote') return { heading: 'doc.heading.quote', kind: 'doc.kind.quote' }
  if (doc.deposit) return { heading: 'doc.heading.depositInvoice', kind: 'doc.kind.depositInvoice' }
  if (doc.deduction) return { heading: 'doc.heading.finalInvoice', kind: 'doc.kind.finalInvoice' }
  return { heading: 'doc.heading.invoice', kind: 'doc.kind.invoice' }
}

/** One row of a final invoice's deduction table: a deposit's rate, or what is still charged. */
export interface DeductionLine {
  label: string
  rate: string
  net: string
  tax: string
  /** What the final invoice still charges at that rate (its VAT is the work's less the deposits'). */
  due: boolean
}

/**
 * A final invoice's deduction as printed: each deposit's net and VAT per rate as minus, then per
 * rate what is still charged. The print sheet and the PDF both print these.
 */
export function deductionLines(
  doc: PrintableDocument,
  f: DocFormat,
  dt: DocTranslate,
): DeductionLine[] {
  const d = doc.deduction
  if (!d) return []
  const minus = (cents: number) => f.money(-cents, doc.currency).replace('-', '−')
  return [
    ...d.deposits.flatMap((dep) =>
      dep.rows.map((r) => ({
        label: dt('doc.deduction.deposit', { number: dep.number, date: f.date(dep.issue_date) }),
        rate: f.percent(r.rate),
        net: minus(r.net_cents),
        tax: minus(r.tax_cents),
        due: false,
      })),
    ),
    ...d.rows.map((r) => ({
      label: dt('doc.deduction.due'),
      rate: f.percent(r.rate),
      net: f.money(r.due_net_cents, doc.currency),
      tax: f.money(r.due_tax_cents, doc.currency),
      due: true,
    })),
  ]
}

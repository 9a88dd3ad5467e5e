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
): { label: string; amount: string; last: boolean }[] {
  if (doc.kind !== 'invoice') return []
  const rows = settlementRows({ ...doc, void: doc.status === 'void' })
  return rows.map((r, i) => {
    const last = i === rows.length - 1
    const money = f.money(r.cents, doc.currency).replace('-', '−')
    return {
      label: dt(ROW_LABEL[r.kind]),
      amount: r.cents > 0 && !last ? `+${money}` : money,
      last,
    }
  })
}

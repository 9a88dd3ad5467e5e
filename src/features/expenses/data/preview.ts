import { decideExpense, type ExpenseTotals } from '@/billing/expense'
import type { VatLineBody } from './schema'

export type ExpensePreview = ExpenseTotals

/**
 * The amounts the server will store for the typed lines (decideExpense, the twin of its rule), or
 * null while the server would refuse them (it then says why).
 */
export function previewExpense(
  lines: readonly VatLineBody[],
  currency: string,
): ExpensePreview | null {
  const d = decideExpense(lines, currency)
  return d.ok
    ? { lines: d.lines, net_cents: d.net_cents, vat_cents: d.vat_cents, total_cents: d.total_cents }
    : null
}

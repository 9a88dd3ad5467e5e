import type { ExpenseVatLine } from '@/billing/types'
import type { VatLineBody } from './schema'

export interface ExpensePreview {
  lines: ExpenseVatLine[]
  net_cents: number
  vat_cents: number
  total_cents: number
}

/**
 * The amounts the server will compute from the typed lines (the same rules, src/billing/expense.ts),
 * or null while a line cannot be computed.
 */
export function previewExpense(lines: readonly VatLineBody[]): ExpensePreview | null {
  void lines
  return null
}

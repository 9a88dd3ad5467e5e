import type { ExpenseLine } from '@/billing/expense'
import type { Expense } from '@/billing/types'
import { previewExpense } from './preview'
import type { VatLineBody } from './schema'

/** Whether every line holds all its amounts (the server's answer) rather than what was typed. */
const computed = (lines: readonly (VatLineBody | ExpenseLine)[]): lines is ExpenseLine[] =>
  lines.every(
    (l) =>
      typeof l.net_cents === 'number' &&
      typeof l.vat_cents === 'number' &&
      typeof l.gross_cents === 'number',
  )

/**
 * An expense as this device shows it before the server has answered (made or changed offline):
 * its lines and totals computed here by the server's rules, so lists and its page show amounts.
 */
export function withPreviewTotals<E extends Pick<Expense, 'vat_lines' | 'currency'>>(e: E): E {
  const lines = (e.vat_lines ?? []) as (VatLineBody | ExpenseLine)[]
  if (computed(lines)) return e
  const p = previewExpense(lines, e.currency)
  return p
    ? {
        ...e,
        vat_lines: p.lines,
        net_cents: p.net_cents,
        vat_cents: p.vat_cents,
        total_cents: p.total_cents,
      }
    : { ...e, vat_lines: [], net_cents: 0, vat_cents: 0, total_cents: 0 }
}

/** A row of the list for an expense made on this device that the server has not seen yet. */
export const pendingExpense = (id: string, body: Record<string, unknown>): Expense =>
  withPreviewTotals({ ...(body as Partial<Expense>), id, created: '', updated: '' } as Expense)

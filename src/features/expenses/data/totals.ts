import type { Expense } from '@/billing/types'

export interface CurrencyTotal {
  currency: string
  count: number
  net_cents: number
  vat_cents: number
  total_cents: number
}

/** Expenses summed per currency (amounts in different currencies are never added), by code. */
export function totalsByCurrency(
  rows: readonly Pick<Expense, 'currency' | 'net_cents' | 'vat_cents' | 'total_cents'>[],
): CurrencyTotal[] {
  const by = new Map<string, CurrencyTotal>()
  for (const r of rows) {
    const sum = by.get(r.currency) ?? {
      currency: r.currency,
      count: 0,
      net_cents: 0,
      vat_cents: 0,
      total_cents: 0,
    }
    sum.count += 1
    sum.net_cents += r.net_cents || 0
    sum.vat_cents += r.vat_cents || 0
    sum.total_cents += r.total_cents || 0
    by.set(r.currency, sum)
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency))
}

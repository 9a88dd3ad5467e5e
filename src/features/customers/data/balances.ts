import { queryOptions } from '@tanstack/react-query'
import { withBusiness } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'

/** The answer of GET /api/folio/customers/balances (route_customer_balances.go). */
export interface CustomerBalances {
  /** What each customer owes, in minor units of its currency; one who owes nothing is absent. */
  balances: Record<string, number>
}

/**
 * What every customer owes, computed by the server from the open invoices. Under
 * ['records', 'invoices'], so a write or a live change to an invoice (a payment changes its
 * invoice) refreshes it.
 */
export const customerBalancesQuery = () =>
  queryOptions({
    queryKey: ['records', 'invoices', 'customerBalances'] as const,
    queryFn: async (): Promise<CustomerBalances> =>
      (await loadPb()).send<CustomerBalances>('/api/folio/customers/balances', {
        query: withBusiness(),
      }),
  })

/** What one customer owes (0 when nothing), or null while the balances are not known. */
export const balanceOf = (balances: CustomerBalances | undefined, id: string): number | null =>
  balances ? (balances.balances[id] ?? 0) : null

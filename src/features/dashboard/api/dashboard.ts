import type { AgingBuckets } from '@/billing/aging'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { dashboardKey } from '@/billing/queries'
import { currentBusinessId } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'

/** The answer of GET /api/folio/dashboard (server/internal/dashboard/route_dashboard.go). */
export interface Dashboard {
  currency: string
  currencies: string[]
  today: string
  period: { from: string; to: string }
  invoiced_cents: number
  collected_cents: number
  outstanding_cents: number
  overdue: { cents: number; count: number; oldest_days: number }
  open_quotes: { count: number; cents: number }
  quote_win_rate: number | null
  previous: { from: string; to: string; invoiced_cents: number; collected_cents: number }
  monthly: MonthFigures[]
  aging: Aging
  lists: {
    overdue: InvoiceRow[]
    due_soon: InvoiceRow[]
    recent_payments: PaymentRow[]
    awaiting_quotes: QuoteRow[]
  }
}

export interface MonthFigures {
  /** YYYY-MM */
  month: string
  invoiced_cents: number
  collected_cents: number
}

/** The five buckets of the route's `aging`, the same as a customer page computes. */
export type Aging = AgingBuckets

export interface InvoiceRow {
  id: string
  number: string
  customer: string
  customer_name: string
  issue_date: string
  due_date: string
  status: string
  total_cents: number
  balance_cents: number
  /** Today − due date: positive when late, negative when still to come. */
  days_overdue: number
}

export interface PaymentRow {
  id: string
  number: string
  date: string
  amount_cents: number
  method: string
  invoice: string
  invoice_number: string
  customer: string
  customer_name: string
}

export interface QuoteRow {
  id: string
  number: string
  customer: string
  customer_name: string
  issue_date: string
  expiry_date: string
  status: string
  total_cents: number
  days_to_expiry: number | null
}

export interface DashboardParams {
  from: string
  to: string
  /** '' lets the server pick the account's most used currency. */
  currency: string
}

/** Under ['dashboard'], so realtime updates and every write refresh it. */
export const dashboardQuery = (params: DashboardParams) =>
  queryOptions({
    queryKey: [...dashboardKey, params] as const,
    queryFn: async (): Promise<Dashboard> => {
      const pb = await loadPb()
      const query: Record<string, string> = {
        business: currentBusinessId(),
        from: params.from,
        to: params.to,
      }
      if (params.currency) query.currency = params.currency
      return pb.send<Dashboard>('/api/folio/dashboard', { query })
    },
    // Switching period or currency keeps the current figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  })

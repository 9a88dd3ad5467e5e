import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { recordPaths } from '@/config/paths'
import {
  DEFAULT_PERIOD,
  parseDashboardSearch,
  periodRange,
  serializeDashboardSearch,
  type PeriodId,
} from '@/features/dashboard/period'
import { formatRate, kpiChange } from '@/features/dashboard/change'
import type { Dashboard } from '@/features/dashboard/api/dashboard'

const send = vi.fn<(path: string, options: { query: Record<string, string> }) => Promise<unknown>>()

/** The reports the dashboard's income and expenses card asks for (after the dashboard). */
const reports =
  vi.fn<(path: string, options: { query: Record<string, string> }) => Promise<unknown>>()

vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    send: (path: string, options: { query: Record<string, string> }) =>
      path.startsWith('/api/folio/reports/') ? reports(path, options) : send(path, options),
  }),
}))
vi.mock('@/lib/auth-context', () => ({ useAuthSelector: () => ({ id: 'u1', name: 'Ada' }) }))

const { default: DashboardPage } = await import('@/features/dashboard/DashboardPage')
const { inBusiness } = await import('./business-fixture')
inBusiness()

describe('periodRange: a period to inclusive from/to days (UTC)', () => {
  const cases: Array<[PeriodId, string, string, string]> = [
    ['this-month', '2026-03-15', '2026-03-01', '2026-03-31'],
    ['this-month', '2024-02-10', '2024-02-01', '2024-02-29'],
    ['this-month', '2026-12-31', '2026-12-01', '2026-12-31'],
    ['last-month', '2026-03-15', '2026-02-01', '2026-02-28'],
    ['last-month', '2026-01-01', '2025-12-01', '2025-12-31'],
    ['this-quarter', '2026-01-01', '2026-01-01', '2026-03-31'],
    ['this-quarter', '2026-03-31', '2026-01-01', '2026-03-31'],
    ['this-quarter', '2026-04-01', '2026-04-01', '2026-06-30'],
    ['this-quarter', '2026-08-15', '2026-07-01', '2026-09-30'],
    ['this-quarter', '2026-12-31', '2026-10-01', '2026-12-31'],
    ['this-year', '2026-06-15', '2026-01-01', '2026-12-31'],
    ['this-year', '2026-01-01', '2026-01-01', '2026-12-31'],
    ['last-year', '2026-01-01', '2025-01-01', '2025-12-31'],
    ['last-year', '2026-12-31', '2025-01-01', '2025-12-31'],
    ['last-12-months', '2026-03-15', '2025-04-01', '2026-03-31'],
    ['last-12-months', '2026-12-05', '2026-01-01', '2026-12-31'],
    ['last-12-months', '2026-01-31', '2025-02-01', '2026-01-31'],
  ]
  it.each(cases)('%s on %s is %s to %s', (period, today, from, to) => {
    expect(periodRange(period, today)).toEqual({ from, to })
  })
})

describe('the dashboard URL state', () => {
  it('reads period and currency, falling back to the defaults', () => {
    expect(parseDashboardSearch('')).toEqual({ period: DEFAULT_PERIOD, currency: '' })
    expect(parseDashboardSearch('?period=last-month&currency=usd')).toEqual({
      period: 'last-month',
      currency: 'USD',
    })
    expect(parseDashboardSearch('?period=forever&currency=dollars')).toEqual({
      period: DEFAULT_PERIOD,
      currency: '',
    })
  })
  it('writes only what differs from the defaults', () => {
    expect(serializeDashboardSearch({ period: DEFAULT_PERIOD, currency: '' })).toBe('')
    expect(serializeDashboardSearch({ period: 'this-quarter', currency: 'EUR' })).toBe(
      '?period=this-quarter&currency=EUR',
    )
  })
})

describe('kpiChange: the change against the previous period', () => {
  it.each([
    [1500, 1000, 'up', '50%', 'Up 50% from the previous period'],
    [500, 1000, 'down', '50%', 'Down 50% from the previous period'],
    [0, 1000, 'down', '100%', 'Down 100% from the previous period'],
    [3000, 1000, 'up', '200%', 'Up 200% from the previous period'],
    [1001, 1000, 'flat', '0%', 'No change from the previous period'],
    [1000, 1000, 'flat', '0%', 'No change from the previous period'],
    [1000, 0, 'none', '—', 'No figure for the previous period to compare with'],
    [0, 0, 'none', '—', 'No figure for the previous period to compare with'],
  ] as const)('%i against %i: %s %s', (current, previous, trend, text, label) => {
    expect(kpiChange(current, previous, 'en')).toEqual({ trend, text, label })
  })
  it('formats the win rate as a whole percent, or — when nothing was decided', () => {
    expect(formatRate(0.6667, 'en')).toBe('67%')
    expect(formatRate(null)).toBe('—')
  })
})

function answer(over: Partial<Dashboard> = {}): Dashboard {
  const months = Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    invoiced_cents: i === 2 ? 150000 : 0,
    collected_cents: i === 2 ? 50000 : 0,
  }))
  return {
    currency: 'EUR',
    currencies: ['EUR', 'USD'],
    today: '2026-03-15',
    period: { from: '2026-01-01', to: '2026-12-31' },
    invoiced_cents: 150000,
    collected_cents: 50000,
    outstanding_cents: 100000,
    overdue: { cents: 40000, count: 2, oldest_days: 12 },
    open_quotes: { count: 1, cents: 25000 },
    quote_win_rate: 0.5,
    previous: {
      from: '2025-01-01',
      to: '2025-12-31',
      invoiced_cents: 100000,
      collected_cents: 0,
    },
    monthly: months,
    aging: { not_due: 60000, d1_30: 40000, d31_60: 0, d61_90: 0, d90_plus: 0 },
    lists: {
      overdue: [
        {
          id: 'inv000000000001',
          number: 'INV-00012',
          customer: 'cus000000000001',
          customer_name: 'Acme',
          issue_date: '2026-01-01',
          due_date: '2026-03-03',
          status: 'sent',
          total_cents: 40000,
          balance_cents: 40000,
          days_overdue: 12,
        },
      ],
      due_soon: [],
      recent_payments: [
        {
          id: 'pay000000000001',
          number: 'PAY-00001',
          date: '2026-03-10',
          amount_cents: 50000,
          method: 'card',
          invoice: 'inv000000000002',
          invoice_number: 'INV-00011',
          customer: 'cus000000000001',
          customer_name: 'Acme',
        },
      ],
      awaiting_quotes: [
        {
          id: 'quo000000000001',
          number: 'QUO-00004',
          customer: 'cus000000000002',
          customer_name: 'Globex',
          issue_date: '2026-03-01',
          expiry_date: '2026-03-18',
          status: 'sent',
          total_cents: 25000,
          days_to_expiry: 3,
        },
      ],
    },
    ...over,
  }
}

/** What a brand-new account gets (route_dashboard_test.go): no currency in use, all zero. */
const newAccount = (): Dashboard =>
  answer({
    currencies: [],
    invoiced_cents: 0,
    collected_cents: 0,
    outstanding_cents: 0,
    overdue: { cents: 0, count: 0, oldest_days: 0 },
    open_quotes: { count: 0, cents: 0 },
    quote_win_rate: null,
    previous: { from: '2025-01-01', to: '2025-12-31', invoiced_cents: 0, collected_cents: 0 },
    aging: { not_due: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 },
    lists: { overdue: [], due_soon: [], recent_payments: [], awaiting_quotes: [] },
  })

function renderPage(search = '') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const location = memoryLocation({ path: '/dashboard', searchPath: search, record: true })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <DashboardPage />
      </Router>
    </QueryClientProvider>,
  )
  return location
}

describe('the dashboard page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-15T10:00:00Z'))
    reports.mockResolvedValue({ report: { currencies: [] } })
  })
  afterEach(() => {
    vi.useRealTimers()
    send.mockReset()
    reports.mockReset()
  })

  it("shows the period's income, expenses and profit per currency from the profit report", async () => {
    send.mockResolvedValue(answer())
    reports.mockResolvedValue({
      report: {
        currencies: [
          { currency: 'EUR', income_cents: 500000, expenses_cents: 120050, profit_cents: 379950 },
        ],
      },
    })
    renderPage('period=this-quarter&currency=EUR')
    const figures = await screen.findByLabelText('EUR')
    expect(within(figures).getByText('Income')).toBeInTheDocument()
    expect(within(figures).getByText('€3,799.50')).toBeInTheDocument()
    // The period the dashboard's answer says it covers.
    expect(reports).toHaveBeenCalledWith('/api/folio/reports/profit', {
      query: { business: 'b1', ...answer().period },
    })
  })

  it('a new account sees the empty state leading to a new customer', async () => {
    send.mockResolvedValue(newAccount())
    renderPage()
    const link = await screen.findByRole('link', { name: 'Add your first customer' })
    expect(link).toHaveAttribute('href', recordPaths.customerNew)
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.getByText(/Welcome, Ada\./)).toBeInTheDocument()
    expect(screen.queryByLabelText('Period')).not.toBeInTheDocument()
  })

  it('asks for the period of the URL and shows the KPIs with their change', async () => {
    send.mockResolvedValue(answer())
    renderPage('period=this-quarter&currency=EUR')
    const invoiced = (await screen.findByRole('heading', { name: 'Invoiced' })).closest('li')!
    expect(send).toHaveBeenCalledWith('/api/folio/dashboard', {
      query: { business: 'b1', from: '2026-01-01', to: '2026-03-31', currency: 'EUR' },
    })
    expect(within(invoiced).getByText('Up 50% from the previous period')).toBeInTheDocument()
    const collected = screen.getByRole('heading', { name: 'Collected' }).closest('li')!
    expect(within(collected).getByText('—')).toBeInTheDocument()
    const overdue = screen.getByRole('heading', { level: 3, name: 'Overdue' }).closest('li')!
    expect(within(overdue).getByText('2 invoices · oldest 12 days late')).toBeInTheDocument()
    expect(screen.getByText(/win rate 50%/)).toBeInTheDocument()
    expect(screen.getByRole('table', { name: /Invoiced and collected per month/ })).toBeVisible()
    // The chart beside the table, drawn in a render of its own right after the rest: one point per
    // month, named with its figures.
    const chart = await screen.findByRole('group', { name: /Bar chart of invoiced and collected/ })
    expect(within(chart).getAllByRole('img')).toHaveLength(12)
    expect(
      within(chart).getByRole('img', {
        name: 'March 2026: invoiced €1,500.00, collected €500.00',
      }),
    ).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('this-quarter')
  })

  it('links each action row to its record', async () => {
    send.mockResolvedValue(answer())
    renderPage()
    expect(
      await screen.findByRole('link', { name: /INV-00012.*Acme.*12 days overdue/ }),
    ).toHaveAttribute('href', recordPaths.invoice('inv000000000001'))
    expect(screen.getByRole('link', { name: /INV-00011.*Acme/ })).toHaveAttribute(
      'href',
      recordPaths.invoice('inv000000000002'),
    )
    expect(
      screen.getByRole('link', { name: /QUO-00004.*Globex.*Expires in 3 days/ }),
    ).toHaveAttribute('href', recordPaths.quote('quo000000000001'))
    expect(screen.getByText('No invoice is due in the next 14 days.')).toBeInTheDocument()
  })

  it('keeps the chosen period and currency in the URL', async () => {
    send.mockResolvedValue(answer())
    const location = renderPage()
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Period' }), 'last-year')
    expect(location.history.at(-1)).toBe('/dashboard?period=last-year')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD')
    expect(location.history.at(-1)).toBe('/dashboard?period=last-year&currency=USD')
    expect(send).toHaveBeenLastCalledWith('/api/folio/dashboard', {
      query: { business: 'b1', from: '2025-01-01', to: '2025-12-31', currency: 'USD' },
    })
  })

  it('hides the currency switch when the account uses one currency', async () => {
    send.mockResolvedValue(answer({ currencies: ['EUR'] }))
    renderPage()
    await screen.findByRole('combobox', { name: 'Period' })
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument()
  })
})

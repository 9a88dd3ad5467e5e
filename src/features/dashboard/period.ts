import type { MessageKey } from '@/lib/i18n'

/**
 * The dashboard's period and currency live in the URL (?period=&currency=), so a reload, a
 * bookmark or the back button shows the same figures. Periods are calendar ranges computed here,
 * in UTC like the server's "today"; these functions are pure.
 */
export const PERIODS = [
  { id: 'this-month', label: 'dashboard.periods.thisMonth' },
  { id: 'last-month', label: 'dashboard.periods.lastMonth' },
  { id: 'this-quarter', label: 'dashboard.periods.thisQuarter' },
  { id: 'this-year', label: 'dashboard.periods.thisYear' },
  { id: 'last-year', label: 'dashboard.periods.lastYear' },
  { id: 'last-12-months', label: 'dashboard.periods.last12Months' },
] as const satisfies ReadonlyArray<{ id: string; label: MessageKey }>

export type PeriodId = (typeof PERIODS)[number]['id']

/** The server's own default (the current calendar year), so a plain /dashboard agrees with it. */
export const DEFAULT_PERIOD: PeriodId = 'this-year'

export interface DateRange {
  from: string
  to: string
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** The first day of a month; months outside 0–11 roll into the neighbouring years. */
const firstDay = (year: number, month0: number) => iso(Date.UTC(year, month0, 1))
const lastDay = (year: number, month0: number) => iso(Date.UTC(year, month0 + 1, 0))

/** The inclusive days a period covers on `today` (YYYY-MM-DD). */
export function periodRange(period: PeriodId, today: string): DateRange {
  const year = Number(today.slice(0, 4))
  const month0 = Number(today.slice(5, 7)) - 1
  switch (period) {
    case 'this-month':
      return { from: firstDay(year, month0), to: lastDay(year, month0) }
    case 'last-month':
      return { from: firstDay(year, month0 - 1), to: lastDay(year, month0 - 1) }
    case 'this-quarter': {
      const start = month0 - (month0 % 3)
      return { from: firstDay(year, start), to: lastDay(year, start + 2) }
    }
    case 'this-year':
      return { from: firstDay(year, 0), to: lastDay(year, 11) }
    case 'last-year':
      return { from: firstDay(year - 1, 0), to: lastDay(year - 1, 11) }
    case 'last-12-months':
      // Twelve whole months ending with this one: the same months as the chart.
      return { from: firstDay(year, month0 - 11), to: lastDay(year, month0) }
  }
}

export interface DashboardSearch {
  period: PeriodId
  /** An ISO 4217 code, or '' to let the server pick the most used currency. */
  currency: string
}

const isPeriod = (v: string): v is PeriodId => PERIODS.some((p) => p.id === v)

/** Reads the query string; anything unknown falls back to the default. */
export function parseDashboardSearch(search: string): DashboardSearch {
  const p = new URLSearchParams(search)
  const period = p.get('period') ?? ''
  const currency = (p.get('currency') ?? '').toUpperCase()
  return {
    period: isPeriod(period) ? period : DEFAULT_PERIOD,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : '',
  }
}

/** The query string for a state, leaving defaults out so the plain URL stays plain. */
export function serializeDashboardSearch(s: DashboardSearch): string {
  const p = new URLSearchParams()
  if (s.period !== DEFAULT_PERIOD) p.set('period', s.period)
  if (s.currency) p.set('currency', s.currency)
  const out = p.toString()
  return out ? `?${out}` : ''
}

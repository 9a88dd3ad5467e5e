import { decidePeriod, PERIOD_KINDS, type PeriodKind, type ReportPeriod } from '@/billing/reports'
import { todayIso } from '@/billing/format'

/** The page's period from its address (?period=quarter&date=2026-10-01): this quarter by default. */
export function periodOf(search: string, today = todayIso()): ReportPeriod {
  const q = new URLSearchParams(search)
  const kind = (PERIOD_KINDS as readonly string[]).includes(q.get('period') ?? '')
    ? (q.get('period') as PeriodKind)
    : 'quarter'
  const p = decidePeriod(kind, q.get('date') ?? '', today)
  if ('problem' in p) {
    const fallback = decidePeriod(kind, '', today)
    if ('problem' in fallback) throw new Error(fallback.problem)
    return fallback
  }
  return p
}

/** The address of a period's page. */
export const searchOf = (kind: PeriodKind, date: string): string =>
  `?${new URLSearchParams({ period: kind, date }).toString()}`

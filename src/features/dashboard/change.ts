/** How a KPI moved against the previous period, for people and for screen readers. */
export interface KpiChange {
  trend: 'up' | 'down' | 'flat' | 'none'
  /** What the card shows next to the arrow: "12%", or "—" when there is nothing to compare. */
  text: string
  /** The whole change in words, for assistive technology. */
  label: string
}

export function kpiChange(current: number, previous: number, locale?: string): KpiChange {
  if (previous === 0) {
    return {
      trend: 'none',
      text: '—',
      label: 'No figure for the previous period to compare with',
    }
  }
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100)
  if (percent === 0) {
    return { trend: 'flat', text: '0%', label: 'No change from the previous period' }
  }
  const text = `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.abs(percent))}%`
  return percent > 0
    ? { trend: 'up', text, label: `Up ${text} from the previous period` }
    : { trend: 'down', text, label: `Down ${text} from the previous period` }
}

/** A win rate (0–1) as a whole percent, "—" when no quote was decided. */
export function formatRate(rate: number | null, locale?: string): string {
  if (rate === null) return '—'
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate)
}

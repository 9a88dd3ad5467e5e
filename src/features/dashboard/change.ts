import { getIntlLocale, t } from '@/lib/i18n'

/** How a KPI moved against the previous period, for people and for screen readers. */
export interface KpiChange {
  trend: 'up' | 'down' | 'flat' | 'none'
  /** What the card shows next to the arrow: "12%", or "—" when there is nothing to compare. */
  text: string
  /** The whole change in words, for assistive technology. */
  label: string
}

/** A whole percent (50 → "50%") as the locale writes it. */
const percentText = (percent: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  )

export function kpiChange(current: number, previous: number, locale = getIntlLocale()): KpiChange {
  if (previous === 0) {
    return { trend: 'none', text: '—', label: t('dashboard.change.none') }
  }
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100)
  if (percent === 0) {
    return { trend: 'flat', text: percentText(0, locale), label: t('dashboard.change.flat') }
  }
  const text = percentText(Math.abs(percent), locale)
  return percent > 0
    ? { trend: 'up', text, label: t('dashboard.change.up', { percent: text }) }
    : { trend: 'down', text, label: t('dashboard.change.down', { percent: text }) }
}

/** A win rate (0–1) as a whole percent, "—" when no quote was decided. */
export function formatRate(rate: number | null, locale = getIntlLocale()): string {
  if (rate === null) return '—'
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate)
}

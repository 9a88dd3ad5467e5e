import { dateFormat } from '@/billing/format'
import { getIntlLocale, t } from '@/lib/i18n'

/** A due date relative to today: "Due today", "Due tomorrow", "Due in 5 days". */
export function dueIn(days: number): string {
  return t('dashboard.words.dueIn', { days: Math.max(0, days) })
}

export function expiresIn(days: number | null): string {
  if (days === null) return t('dashboard.words.noExpiry')
  return t('dashboard.words.expiresIn', { days: Math.max(0, days) })
}

/** A YYYY-MM month as a short axis label ("Mar 26"), in the interface's language. */
export function monthLabel(month: string, locale = getIntlLocale()): string {
  const d = new Date(`${month}-01T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return month
  return dateFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(d)
}

/** A YYYY-MM month in full ("March 2026"), for the accessible table. */
export function monthName(month: string, locale = getIntlLocale()): string {
  const d = new Date(`${month}-01T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return month
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d)
}

/** "1 invoice", "3 invoices": the dashboard's nouns are all regular. */
export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** A due date relative to today: "Due today", "Due tomorrow", "Due in 5 days". */
export function dueIn(days: number): string {
  if (days <= 0) return 'Due today'
  if (days === 1) return 'Due tomorrow'
  return `Due in ${days} days`
}

export function expiresIn(days: number | null): string {
  if (days === null) return 'No expiry date'
  if (days <= 0) return 'Expires today'
  if (days === 1) return 'Expires tomorrow'
  return `Expires in ${days} days`
}

/** A YYYY-MM month as a short axis label ("Mar 26"). */
export function monthLabel(month: string, locale?: string): string {
  const d = new Date(`${month}-01T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return month
  return d.toLocaleDateString(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' })
}

/** A YYYY-MM month in full ("March 2026"), for the accessible table. */
export function monthName(month: string, locale?: string): string {
  const d = new Date(`${month}-01T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return month
  return d.toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

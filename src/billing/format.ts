/** Money and dates as people read them. Amounts are integer minor units everywhere else. */

const fractionDigitsCache = new Map<string, number>()

/** Minor units per major unit of a currency (2 for EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  let d = fractionDigitsCache.get(currency)
  if (d === undefined) {
    try {
      d =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2
    } catch {
      d = 2
    }
    fractionDigitsCache.set(currency, d)
  }
  return d
}

export function formatMoney(cents: number, currency: string, locale?: string): string {
  const digits = currencyDigits(currency)
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(cents / 10 ** digits)
  } catch {
    return `${toMajor(cents, currency)} ${currency}`
  }
}

/** Cents as a plain decimal string in major units ("1234.50"), exact: for CSV and inputs. */
export function toMajor(cents: number, currency: string): string {
  const digits = currencyDigits(currency)
  const negative = cents < 0
  const abs = String(Math.abs(Math.trunc(cents))).padStart(digits + 1, '0')
  const whole = digits ? abs.slice(0, -digits) : abs
  const frac = digits ? `.${abs.slice(-digits)}` : ''
  return `${negative ? '-' : ''}${whole}${frac}`
}

/**
 * A typed amount in major units to minor units, exactly; null when it is not a number with at most
 * the currency's decimals. Accepts "1234.5", "1,234.50", "1 234,50" is refused (ambiguous).
 */
export function parseMajor(input: string, currency: string): number | null {
  const digits = currencyDigits(currency)
  const s = input.trim().replace(/,(?=\d{3}(\D|$))/g, '')
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s)
  if (!m) return null
  const frac = m[2] ?? ''
  if (frac.length > digits) return null
  const cents = Number(m[1]) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0')
  return Number.isSafeInteger(cents) ? cents : null
}

/** The date part (YYYY-MM-DD) of a PocketBase date ("2026-01-05 00:00:00.000Z"). */
export const isoDate = (value: string | null | undefined): string => (value ?? '').slice(0, 10)

/** A PocketBase date value for a YYYY-MM-DD day. */
export const pbDate = (day: string): string => (day ? `${day} 00:00:00.000Z` : '')

export function formatDate(value: string | null | undefined, locale?: string): string {
  const day = isoDate(value)
  if (!day) return '—'
  const d = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  return d.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' })
}

/** Today as YYYY-MM-DD in UTC: the server's "today" too. */
export const todayIso = (now = new Date()): string => now.toISOString().slice(0, 10)

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

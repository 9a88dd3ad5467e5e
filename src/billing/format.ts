/** Money and dates as people read them. Amounts are integer minor units everywhere else. */
import { getIntlLocale, t } from '@/lib/i18n'

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

/**
 * Formatters by locale and currency: making an Intl formatter costs far more than using one, and
 * a screen of amounts (a dashboard, a list) formats hundreds.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>()

export function formatMoney(cents: number, currency: string, locale?: string): string {
  const digits = currencyDigits(currency)
  const lang = locale ?? getIntlLocale()
  const id = `${lang}|${currency}`
  try {
    let format = moneyFormats.get(id)
    if (!format) {
      format = new Intl.NumberFormat(lang, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
      moneyFormats.set(id, format)
    }
    return format.format(cents / 10 ** digits)
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

/** The decimal mark of a locale ("." in English, "," in German and French). */
function decimalMark(locale: string): string {
  try {
    return (
      new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
      '.'
    )
  } catch {
    return '.'
  }
}

/**
 * Cents as an amount to edit in a form, the way the interface's language writes it: "1234.50" in
 * English, "1234,50" in German or French (no grouping, so parseMajor reads it back exactly).
 */
export function toInputAmount(cents: number, currency: string, locale = getIntlLocale()): string {
  const plain = toMajor(cents, currency)
  const mark = decimalMark(locale)
  return mark === '.' ? plain : plain.replace('.', mark)
}

/**
 * A typed amount as a plain decimal ("1234.50"), read the way people write money in English and
 * across Europe: "1,234.50", "1.234,50", "1 234,50", "12,50" and "12.5" all work. The last of
 * "," and "." is the decimal mark when both appear; a lone "," is one when 1 or 2 digits follow.
 * A lone mark before exactly 3 digits ("1,250", "1.250") is the decimal mark when it is the
 * language's own (`decimal`: "1,250" is 1.25 in German, "1.250" is 1.25 in English); the other
 * mark could be either, so it is refused (null), and so is anything else unreadable.
 */
function plainDecimal(input: string, decimal: string): string | null {
  const s = input.trim().replace(/[\s\u00a0\u202f'\u2019]/g, '')
  if (!/^\d[\d.,]*$/.test(s)) return null
  const lastComma = s.lastIndexOf(',')
  const lastDot = s.lastIndexOf('.')
  let whole: string
  let frac = ''
  if (lastComma >= 0 && lastDot >= 0) {
    const mark = Math.max(lastComma, lastDot)
    const group = lastComma > lastDot ? '.' : ','
    whole = s.slice(0, mark)
    frac = s.slice(mark + 1)
    if (whole.includes(s[mark] as string) || !groupedThousands(whole, group)) return null
    whole = whole.split(group).join('')
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.'
    const parts = s.split(mark)
    if (parts.length === 2 && (parts[1] as string).length !== 3) {
      whole = parts[0] as string
      frac = parts[1] as string
    } else if (parts.length > 2 && groupedThousands(s, mark)) {
      whole = parts.join('')
    } else if (mark === decimal && parts.length === 2) {
      // "1.250" in English, "1,250" in German: 1.25 (a currency with 2 decimals drops the 0).
      whole = parts[0] as string
      frac = parts[1] as string
    } else return null
  } else whole = s
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(frac)) return null
  return frac ? `${whole}.${frac}` : whole
}

/** "1,234,567" (or with dots): digits in groups of three after the first. */
const groupedThousands = (s: string, mark: string) =>
  new RegExp(`^\\d{1,3}(\\${mark}\\d{3})*$`).test(s)

/**
 * Why a typed amount can't be read, in a sentence; null when it can be. `what` names it in the
 * "Enter … like 12.50" sentence: an amount, or a price.
 */
export function amountProblem(
  input: string,
  currency: string,
  example: string,
  what: 'amount' | 'price' = 'amount',
  locale = getIntlLocale(),
): string | null {
  if (parseMajor(input, currency, locale) !== null) return null
  const s = input.trim()
  const decimal = decimalMark(locale)
  const m = /^(\d{1,3})([.,])(\d{3})$/.exec(s)
  if (m && m[2] !== decimal) {
    const small = `${m[1]}${decimal}${(m[3] as string).replace(/0+$/, '') || '0'}`
    return t('billing.amount.ambiguous', {
      input: s,
      large: `${m[1]}${m[3]}`,
      small,
      mark: m[2] === ',' ? 'comma' : 'point',
    })
  }
  return t(what === 'price' ? 'billing.amount.enterPrice' : 'billing.amount.enterAmount', {
    example,
  })
}

/**
 * A typed amount in major units to minor units, exactly; null when it is not a number with at most
 * the currency's decimals (see plainDecimal for the separators it reads).
 */
export function parseMajor(
  input: string,
  currency: string,
  locale = getIntlLocale(),
): number | null {
  const digits = currencyDigits(currency)
  const plain = plainDecimal(input, decimalMark(locale))
  if (plain === null) return null
  const [whole = '', typedFrac = ''] = plain.split('.')
  // Zeros past the currency's decimals say nothing: "1,250" in German is 1.25 EUR.
  let frac = typedFrac
  while (frac.length > digits && frac.endsWith('0')) frac = frac.slice(0, -1)
  if (frac.length > digits) return null
  const cents = Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0')
  return Number.isSafeInteger(cents) ? cents : null
}

/** The date part (YYYY-MM-DD) of a PocketBase date ("2026-01-05 00:00:00.000Z"). */
export const isoDate = (value: string | null | undefined): string => (value ?? '').slice(0, 10)

/** A PocketBase date value for a YYYY-MM-DD day. */
export const pbDate = (day: string): string => (day ? `${day} 00:00:00.000Z` : '')

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** A date formatter for a locale and options, made once (like the money formatters above). */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const id = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(id)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(id, format)
  }
  return format
}

export function formatDate(value: string | null | undefined, locale?: string): string {
  const day = isoDate(value)
  if (!day) return '—'
  const d = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  return dateFormat(locale ?? getIntlLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(d)
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

/**
 * Money, dates, rates and countries as a document writes them: in the document's language (the
 * customer's), not the interface's. The print sheet, the PDF and the public page share these.
 */
import { countryName } from './currencies'
import { formatDate, formatMoney } from './format'
import { intlLocale, type Locale } from '@/lib/i18n/locales'

export interface DocFormat {
  /** The Intl locale of the document ("ar-u-nu-latn" keeps Latin digits). */
  intl: string
  money: (cents: number, currency: string) => string
  /** A day (YYYY-MM-DD or a PocketBase date) as the language writes it, "—" for none. */
  date: (value: string | null | undefined) => string
  /** A rate in percent: 19 → "19%" (en), "19 %" (de, fr, es). */
  percent: (rate: number) => string
  /** An ISO 3166 alpha-2 code as the country's name. */
  country: (code: string) => string
  /** A label in capitals ("BILL TO"), as the language capitalises. */
  upper: (s: string) => string
}

const formats = new Map<Locale, DocFormat>()

export function docFormat(locale: Locale): DocFormat {
  let f = formats.get(locale)
  if (!f) {
    const intl = intlLocale(locale)
    let pct: Intl.NumberFormat
    try {
      pct = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 4 })
    } catch {
      pct = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 4 })
    }
    f = {
      intl,
      money: (cents, currency) => formatMoney(cents, currency, intl),
      date: (value) => formatDate(value, intl),
      percent: (rate) => pct.format(rate / 100),
      country: (code) => countryName(code, intl),
      upper: (s) => s.toLocaleUpperCase(locale),
    }
    formats.set(locale, f)
  }
  return f
}

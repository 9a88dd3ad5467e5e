import { getIntlLocale } from '@/lib/i18n'

/** Currencies offered first in pickers; any ISO 4217 code the browser knows is accepted. */
export const COMMON_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'TRY',
  'ILS',
  'AED',
  'INR',
  'SGD',
  'HKD',
  'CNY',
  'KRW',
  'BRL',
  'MXN',
  'ZAR',
] as const

/** A currency's name ("Euro") in `locale`, by default the interface's. */
export function currencyName(code: string, locale = getIntlLocale()): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'currency' }).of(code) ?? code
  } catch {
    return code
  }
}

/** ISO 3166 alpha-2 codes offered in the country picker. */
export const COUNTRIES = [
  'AE',
  'AR',
  'AT',
  'AU',
  'BE',
  'BG',
  'BR',
  'CA',
  'CH',
  'CL',
  'CN',
  'CO',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EG',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HK',
  'HR',
  'HU',
  'ID',
  'IE',
  'IL',
  'IN',
  'IS',
  'IT',
  'JP',
  'KE',
  'KR',
  'LT',
  'LU',
  'LV',
  'MA',
  'MT',
  'MX',
  'MY',
  'NG',
  'NL',
  'NO',
  'NZ',
  'PE',
  'PH',
  'PL',
  'PT',
  'RO',
  'RS',
  'SA',
  'SE',
  'SG',
  'SI',
  'SK',
  'TH',
  'TR',
  'TW',
  'UA',
  'US',
  'VN',
  'ZA',
] as const

/** A country's name ("Germany") in `locale`, by default the interface's. */
export function countryName(code: string, locale = getIntlLocale()): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** The languages Folio speaks. English is the source; every other locale translates it. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ar'] as const
export type Locale = (typeof LOCALES)[number]
export const SOURCE_LOCALE: Locale = 'en'

/** Each language in its own words, for the language choice. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ar: 'العربية',
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The languages written right to left: they turn on `rtl` unless the user chose a direction. */
export const isRtlLocale = (locale: Locale): boolean => locale === 'ar'

/** The first supported language among the browser's (`de-AT` → `de`), otherwise English. */
export function matchLocale(tags: readonly string[] | undefined): Locale {
  for (const tag of tags ?? []) {
    const base = tag.toLowerCase().split(/[-_]/)[0]
    if (isLocale(base)) return base
  }
  return SOURCE_LOCALE
}

/**
 * The locale given to Intl for numbers, money and dates. Arabic keeps Latin digits so amounts,
 * IBANs and document numbers read the same in every part of the page and can be typed back.
 */
export const intlLocale = (locale: Locale): string => (locale === 'ar' ? 'ar-u-nu-latn' : locale)

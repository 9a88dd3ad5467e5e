import { directionOf, isLocale, matchLocale, type Locale } from '@/lib/i18n'

/** Where the customer's own choice of language is kept, for this and every later visit. */
export const CHOSEN_LANGUAGE_KEY = 'folio.documentLanguage'

/** The language the customer chose on an earlier visit, if any. */
export function chosenLanguage(): Locale | null {
  try {
    const v = localStorage.getItem(CHOSEN_LANGUAGE_KEY)
    return isLocale(v) ? v : null
  } catch {
    return null
  }
}

/** Keeps the customer's choice (best effort: private windows may refuse storage). */
export function keepChosenLanguage(locale: Locale) {
  try {
    localStorage.setItem(CHOSEN_LANGUAGE_KEY, locale)
  } catch {
    // The page still switches; only the next visit won't remember it.
  }
}

/**
 * The page's language: the customer's choice, else the document's (its customer's language, as
 * the business set it), else — before the document is known — the browser's.
 */
export function pageLanguage(
  chosen: Locale | null,
  documentLanguage: Locale | null,
  browser: readonly string[] | undefined,
): Locale {
  return chosen ?? documentLanguage ?? matchLocale(browser)
}

/** `<html lang dir>` follow the page's language: Arabic reads right to left. */
export function applyPageLanguage(root: HTMLElement, locale: Locale) {
  root.lang = locale
  root.dir = directionOf(locale)
}

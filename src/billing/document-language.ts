import { isLocale, SOURCE_LOCALE, type Locale } from '@/lib/i18n/locales'

/**
 * The language of a customer's documents: the customer's own (`customers.language`), else the
 * business's (`users.document_language`), else English. The server decides the same
 * (decideDocumentLanguage); a value that is no locale counts as none.
 */
export function documentLanguage(
  customerLanguage: string | null | undefined,
  businessLanguage: string | null | undefined,
): Locale {
  if (isLocale(customerLanguage)) return customerLanguage
  if (isLocale(businessLanguage)) return businessLanguage
  return SOURCE_LOCALE
}

/** The locale a printable document is written in (English when it says none, or an unknown one). */
export const documentLocale = (doc: { language?: string | null }): Locale =>
  isLocale(doc.language) ? doc.language : SOURCE_LOCALE

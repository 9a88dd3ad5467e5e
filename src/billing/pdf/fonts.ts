// The PDF's typeface: Inter, static TrueType files (the PDF embeds a subset of each). Inter has no
// Arabic letters, so an Arabic document is set in Noto Sans Arabic, which has Latin letters and
// digits too (names, IBANs, amounts) and Arabic's presentation forms, which jsPDF's Arabic
// shaping draws. Vite emits the files as assets (the `?url` imports), fetched only when a PDF is
// made, and the Arabic ones only for an Arabic document.
import regularUrl from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url'
import boldUrl from '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf?url'
import arabicRegularUrl from '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf?url'
import arabicBoldUrl from '@expo-google-fonts/noto-sans-arabic/600SemiBold/NotoSansArabic_600SemiBold.ttf?url'
import type { Locale } from '@/lib/i18n/locales'

/** The faces the PDF can be set in: its PostScript family name. */
export type PdfFontFamily = 'Inter' | 'NotoSansArabic'

/** TrueType (.ttf) font files: the body face and the one for headings, totals and the title. */
export interface FontBytes {
  regular: Uint8Array
  bold: Uint8Array
  /** Which face the files are; Inter when not said. */
  family?: PdfFontFamily
}

/** The family a document's language is set in. */
export const pdfFontFamily = (locale: Locale): PdfFontFamily =>
  locale === 'ar' ? 'NotoSansArabic' : 'Inter'

/** The same files as package paths, for code that reads them from node_modules (tests, bench). */
export const PDF_FONT_FILES = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
} as const

/** The Arabic face's files as package paths. */
export const PDF_ARABIC_FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-arabic/600SemiBold/NotoSansArabic_600SemiBold.ttf',
} as const

const URLS: Record<PdfFontFamily, readonly [string, string]> = {
  Inter: [regularUrl, boldUrl],
  NotoSansArabic: [arabicRegularUrl, arabicBoldUrl],
}

const loading = new Map<PdfFontFamily, Promise<FontBytes>>()

async function bytesOf(url: string): Promise<Uint8Array> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`Could not load the PDF font (${res.status}).`)
  return new Uint8Array(await res.arrayBuffer())
}

/**
 * Fetches the two font files of a document's language once per page load (a failure is not
 * remembered: retry works). English, German, French and Spanish share Inter.
 */
export function loadPdfFonts(locale: Locale = 'en'): Promise<FontBytes> {
  const family = pdfFontFamily(locale)
  let pending = loading.get(family)
  if (!pending) {
    const [regular, bold] = URLS[family]
    pending = Promise.all([bytesOf(regular), bytesOf(bold)]).then(
      ([r, b]) => ({ regular: r, bold: b, family }),
      (err: unknown) => {
        loading.delete(family)
        throw err
      },
    )
    loading.set(family, pending)
  }
  return pending
}

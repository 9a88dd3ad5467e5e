// The PDF's typeface: Inter, static TrueType files (the PDF embeds a subset of each). Vite emits
// them as assets (the `?url` imports), fetched only when a PDF is made.
import regularUrl from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url'
import boldUrl from '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf?url'

/** TrueType (.ttf) font files: the body face and the one for headings, totals and the title. */
export interface FontBytes {
  regular: Uint8Array
  bold: Uint8Array
}

/** The same files as package paths, for code that reads them from node_modules (tests, bench). */
export const PDF_FONT_FILES = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
} as const

let loading: Promise<FontBytes> | null = null

async function bytesOf(url: string): Promise<Uint8Array> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`Could not load the PDF font (${res.status}).`)
  return new Uint8Array(await res.arrayBuffer())
}

/** Fetches the two font files once per page load (a failure is not remembered: retry works). */
export function loadPdfFonts(): Promise<FontBytes> {
  loading ??= Promise.all([bytesOf(regularUrl), bytesOf(boldUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (err: unknown) => {
      loading = null
      throw err
    },
  )
  return loading
}

/**
 * The document PDF: import it lazily (`await import('@/billing/pdf')`), it carries jsPDF.
 * renderDocumentPdf(doc, { paper, font: await loadPdfFonts(locale), logo, qr }) gives the file's
 * bytes, in the document's language (`locale`: documentLocale(doc)).
 */
import type { PrintableDocument } from '@/billing/printable'

export { renderDocumentPdf, PAPER_SIZES, type Paper, type RenderPdfOptions } from './render'
export {
  loadPdfFonts,
  pdfFontFamily,
  PDF_ARABIC_FONT_FILES,
  PDF_FONT_FILES,
  type FontBytes,
  type PdfFontFamily,
} from './fonts'
export { loadPdfLogo, logoType, type PdfLogo } from './logo'

/** The download's file name: "INV-00001.pdf", or "quote-draft.pdf" before a number is given. */
export function pdfFileName(doc: Pick<PrintableDocument, 'kind' | 'number'>): string {
  const safe = doc.number
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+|-+$/g, '')
  return `${safe || `${doc.kind}-draft`}.pdf`
}

import type { EInvoiceSource } from './einvoice/source'
import { documentLocale } from './document-language'
import { paysByQr } from './payment-code'
import type { PrintableDocument } from './printable'

/**
 * The document's PDF, made on this device (the owner's, offline too, or the customer's), in the
 * document's language: the PDF module, its font and that language's document messages load only
 * now, never with the first screen (the Arabic font only for an Arabic document).
 */
export async function makeDocumentPdf(
  doc: PrintableDocument,
  paper: 'a4' | 'letter' = 'a4',
  /** With e-invoicing on: the invoice's data, so the PDF becomes a Factur-X (EN 16931) PDF/A-3. */
  einvoice?: EInvoiceSource,
): Promise<{ blob: Blob; fileName: string; missing: string[] }> {
  const pdf = await import('./pdf')
  const [qr, logo, font] = await Promise.all([
    paysByQr(doc) ? import('./payment-qr').then((m) => m.paymentQr(doc)) : null,
    pdf.loadPdfLogo(doc.seller.logo_url),
    pdf.loadPdfFonts(documentLocale(doc)),
  ])
  let bytes = await pdf.renderDocumentPdf(doc, { paper, font, logo, qr })
  let missing: string[] = []
  if (einvoice) {
    const e = await import('./einvoice')
    missing = e.missingForEInvoice(einvoice, 'facturx')
    // Incomplete settings give the plain PDF, and say what to fill in for an e-invoice.
    if (!missing.length) bytes = await e.facturxPdf(einvoice, bytes)
  }
  return {
    blob: new Blob([bytes as BlobPart], { type: 'application/pdf' }),
    fileName: pdf.pdfFileName(doc),
    missing,
  }
}

/** Saves a file the browser made (a PDF) under its name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** An invoice's XRechnung or Peppol BIS XML, or what must be filled in before it can be made. */
export async function makeEInvoiceXml(
  src: EInvoiceSource,
  format: 'xrechnung' | 'peppol',
): Promise<{ blob: Blob; fileName: string } | { missing: string[] }> {
  const e = await import('./einvoice')
  const missing = e.missingForEInvoice(src, format)
  if (missing.length) return { missing }
  const xml = format === 'xrechnung' ? await e.xrechnungXml(src) : await e.peppolXml(src)
  return {
    blob: new Blob([xml], { type: 'application/xml' }),
    fileName: `${src.number}-${format}.xml`,
  }
}

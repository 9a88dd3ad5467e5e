/**
 * E-invoices (EN 16931) from one EInvoiceSource; import lazily: `await import('@/billing/einvoice')`.
 * ciiXml: Factur-X / ZUGFeRD 2.x CII, profile EN 16931; facturxPdf: the invoice PDF as a PDF/A-3
 * with that CII embedded; xrechnungXml: XRechnung 3.0 (UBL); peppolXml: Peppol BIS Billing 3.0.
 * missingForEInvoice says what must be filled in first: show it instead of making a bad file.
 * tests/unit/lib/einvoice-validate.test.ts checks every format with the official validators.
 */
import { ciiInvoice } from './cii'
import { attachFacturX } from './pdfa'
import type { EInvoiceSource } from './source'
import { CUSTOMIZATION, ublInvoice } from './ubl'

export type { EInvoiceFormat } from './model'
export type { EInvoiceSource, VatCategory } from './source'
export { UNIT_CODES } from './source'
export { unitCodeFor } from './units'
export { missingForEInvoice } from './missing'

/** Factur-X / ZUGFeRD 2.x, profile EN 16931: the CII XML (what facturxPdf embeds). */
export async function ciiXml(src: EInvoiceSource): Promise<string> {
  return ciiInvoice(src)
}

/** XRechnung 3.0, UBL syntax; BT-10 is the buyer reference (the Leitweg-ID). */
export async function xrechnungXml(src: EInvoiceSource): Promise<string> {
  return ublInvoice(src, CUSTOMIZATION.xrechnung)
}

/** Peppol BIS Billing 3.0 (UBL). */
export async function peppolXml(src: EInvoiceSource): Promise<string> {
  return ublInvoice(src, CUSTOMIZATION.peppol)
}

/**
 * The invoice PDF (renderDocumentPdf's bytes) as a Factur-X EN 16931 PDF/A-3B: the same pages,
 * factur-x.xml embedded (AFRelationship Alternative), the Factur-X XMP metadata.
 */
export async function facturxPdf(src: EInvoiceSource, pdf: Uint8Array): Promise<Uint8Array> {
  const what = src.type_code === '381' ? 'Credit note' : 'Invoice'
  return attachFacturX(pdf, {
    xml: ciiInvoice(src),
    conformanceLevel: 'EN 16931',
    title: `${what} ${src.number}`,
    author: src.seller.name,
    subject: `${what} ${src.number} for ${src.buyer.name}`,
  })
}

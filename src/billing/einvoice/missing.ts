import { t as translate, type MessageKey, type MessageValues, type Translate } from '@/lib/i18n'
import { checkAmounts, NEEDS_REASON, reasonFor, type EInvoiceFormat } from './model'
import { isVatId } from './schemes'
import type { EInvoiceSource, VatCategory } from './source'

const hasText = (s: string) => s.trim() !== ''
const isCountry = (s: string) => /^[A-Z]{2}$/.test(s.trim())

/** What is missing of a party's electronic address. */
const ADDRESS_SENTENCES = {
  seller: {
    missing: 'billing.einvoice.sellerAddress',
    scheme: 'billing.einvoice.sellerAddressScheme',
    email: 'billing.einvoice.sellerAddressEmail',
  },
  buyer: {
    missing: 'billing.einvoice.buyerAddress',
    scheme: 'billing.einvoice.buyerAddressScheme',
    email: 'billing.einvoice.buyerAddressEmail',
  },
} as const satisfies Record<string, Record<string, MessageKey>>

/**
 * What the business or the customer must fill in before `format` can be made from `src`, as
 * sentences to show; [] when the file will be valid. Mirrors the rules the validators apply:
 * EN 16931 (BR-…), XRechnung (BR-DE-…) and Peppol BIS (PEPPOL-EN16931-…).
 */
export function missingForEInvoice(
  src: EInvoiceSource,
  format: EInvoiceFormat,
  t: Translate = translate,
): string[] {
  const out: string[] = []
  const need = (ok: boolean, key: MessageKey, values?: MessageValues) => {
    if (ok) return
    const sentence = t(key, values)
    if (!out.includes(sentence)) out.push(sentence)
  }
  const { seller, buyer } = src
  const categories = new Set<VatCategory>([
    ...src.lines.map((l) => l.vat_category),
    ...src.tax_breakdown.map((r) => r.category),
  ])
  const has = (...cs: VatCategory[]) => cs.some((c) => categories.has(c))

  // A credit note refers to the invoice it corrects (BT-25, BT-26; Peppol and XRechnung need it).
  need(
    src.type_code !== '381' ||
      (hasText(src.preceding_invoice?.number ?? '') &&
        /^\d{4}-\d{2}-\d{2}$/.test(src.preceding_invoice?.issue_date ?? '')),
    'billing.einvoice.creditedInvoice',
  )
  // A final invoice refers to each deposit it deducts (BT-25/26) and deducts no more than its total.
  need(
    (src.deposits ?? []).every(
      (d) => hasText(d.number) && /^\d{4}-\d{2}-\d{2}$/.test(d.issue_date),
    ),
    'billing.einvoice.depositRefs',
  )
  need((src.deducted_cents ?? 0) <= src.total_cents, 'billing.einvoice.depositTotal')
  need(hasText(src.number), 'billing.einvoice.number')
  need(/^[A-Z]{3}$/.test(src.currency), 'billing.einvoice.currency')
  need(src.lines.length > 0, 'billing.einvoice.lines')
  src.lines.forEach((l, i) => {
    need(hasText(l.description), 'billing.einvoice.lineDescription', { line: i + 1 })
  })
  need(
    // A credit note's terms name the invoice it credits (model.ts).
    src.balance_cents <= 0 ||
      src.type_code === '381' ||
      hasText(src.due_date) ||
      hasText(src.terms),
    'billing.einvoice.dueDate',
  )
  try {
    checkAmounts(src)
  } catch {
    need(false, 'billing.einvoice.amounts')
  }

  // The business.
  need(hasText(seller.name), 'billing.einvoice.sellerName')
  need(hasText(seller.city), 'billing.einvoice.sellerCity')
  need(hasText(seller.postal_code), 'billing.einvoice.sellerPostcode')
  need(isCountry(seller.country), 'billing.einvoice.sellerCountry')
  if (has('O')) {
    need(categories.size === 1, 'billing.einvoice.outsideScopeMixed')
    // No VAT ID may be shown (BR-O-02): the tax number identifies the business (BR-CO-26).
    need(hasText(seller.tax_registration), 'billing.einvoice.sellerTaxNumber')
  } else if (has('K', 'G')) {
    need(
      hasText(seller.vat_id),
      has('K')
        ? 'billing.einvoice.sellerVatIdIntraCommunity'
        : 'billing.einvoice.sellerVatIdExport',
    )
  } else if (has('S', 'Z', 'E', 'AE')) {
    need(
      hasText(seller.vat_id) || hasText(seller.tax_registration),
      'billing.einvoice.sellerVatIdOrTaxNumber',
    )
  }
  if (hasText(seller.vat_id) && !has('O')) {
    need(isVatId(seller.vat_id), 'billing.einvoice.sellerVatIdFormat')
  }

  // Why no VAT is charged, where a category needs a reason (AE and K have a default).
  for (const row of src.tax_breakdown) {
    if (!NEEDS_REASON.has(row.category)) continue
    need(hasText(reasonFor(row)), 'billing.einvoice.exemptionReason', { category: row.category })
  }

  // The customer.
  need(hasText(buyer.name), 'billing.einvoice.buyerName')
  need(isCountry(buyer.country), 'billing.einvoice.buyerCountry')
  if (has('AE', 'K')) {
    need(
      hasText(buyer.vat_id),
      has('K')
        ? 'billing.einvoice.buyerVatIdIntraCommunity'
        : 'billing.einvoice.buyerVatIdReverseCharge',
    )
    if (hasText(buyer.vat_id)) {
      need(isVatId(buyer.vat_id), 'billing.einvoice.buyerVatIdFormat')
    }
  }

  // Electronic addresses: Peppol delivers by them; XRechnung requires both.
  const address = (who: 'seller' | 'buyer', id: string, scheme: string) => {
    const say = ADDRESS_SENTENCES[who]
    need(hasText(id), say.missing)
    if (!hasText(id)) return
    need(hasText(scheme), say.scheme)
    if (scheme === 'EM') {
      need(/^[^@\s]+@[^@\s]+$/.test(id.trim()), say.email)
    }
  }
  if (format === 'xrechnung' || format === 'peppol') {
    address('seller', seller.endpoint_id, seller.endpoint_scheme)
    address('buyer', buyer.endpoint_id, buyer.endpoint_scheme)
  } else {
    // Optional in Factur-X, but once given it needs its scheme.
    if (hasText(seller.endpoint_id)) address('seller', seller.endpoint_id, seller.endpoint_scheme)
    if (hasText(buyer.endpoint_id)) address('buyer', buyer.endpoint_id, buyer.endpoint_scheme)
  }
  if (format === 'peppol') {
    // Peppol delivers to participant IDs only (PEPPOL-EN16931-CL008): no email addresses.
    need(seller.endpoint_scheme !== 'EM', 'billing.einvoice.peppolSellerEmail')
    need(buyer.endpoint_scheme !== 'EM', 'billing.einvoice.peppolBuyerEmail')
  }

  if (format === 'xrechnung') {
    need(hasText(seller.contact_name), 'billing.einvoice.contactName')
    need(hasText(seller.contact_phone), 'billing.einvoice.contactPhone')
    need(
      /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(seller.contact_email.trim()),
      'billing.einvoice.contactEmail',
    )
    need(hasText(buyer.city), 'billing.einvoice.buyerCity')
    need(hasText(buyer.postal_code), 'billing.einvoice.buyerPostcode')
    // BT-10 is the Leitweg-ID for a German public buyer; the invoice number stands in otherwise.
    need(
      hasText(src.buyer_reference) && src.buyer_reference.trim() !== src.number.trim(),
      'billing.einvoice.leitwegId',
    )
  }
  return out
}

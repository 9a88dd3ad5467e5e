import { checkAmounts, NEEDS_REASON, reasonFor, type EInvoiceFormat } from './model'
import { isVatId } from './schemes'
import type { EInvoiceSource, VatCategory } from './source'

/** What each category is called in the sentences below. */
const CATEGORY_NAMES: Record<VatCategory, string> = {
  S: 'standard-rated',
  Z: 'zero-rated',
  E: 'VAT-exempt',
  AE: 'reverse-charge',
  K: 'intra-community',
  G: 'export',
  O: 'outside-the-scope-of-VAT',
}

const hasText = (s: string) => s.trim() !== ''
const isCountry = (s: string) => /^[A-Z]{2}$/.test(s.trim())

/**
 * What the business or the customer must fill in before `format` can be made from `src`, as
 * sentences to show; [] when the file will be valid. Mirrors the rules the validators apply:
 * EN 16931 (BR-…), XRechnung (BR-DE-…) and Peppol BIS (PEPPOL-EN16931-…).
 */
export function missingForEInvoice(src: EInvoiceSource, format: EInvoiceFormat): string[] {
  const out: string[] = []
  const need = (ok: boolean, sentence: string) => {
    if (!ok && !out.includes(sentence)) out.push(sentence)
  }
  const { seller, buyer } = src
  const categories = new Set<VatCategory>([
    ...src.lines.map((l) => l.vat_category),
    ...src.tax_breakdown.map((r) => r.category),
  ])
  const has = (...cs: VatCategory[]) => cs.some((c) => categories.has(c))

  need(src.type_code === '380', 'Credit notes cannot be sent as e-invoices yet.')
  need(hasText(src.number), 'The invoice needs its number: save it while online first.')
  need(/^[A-Z]{3}$/.test(src.currency), 'The invoice needs a currency.')
  need(src.lines.length > 0, 'The invoice needs at least one line.')
  src.lines.forEach((l, i) => {
    need(hasText(l.description), `Line ${i + 1} needs a description.`)
  })
  need(
    src.balance_cents <= 0 || hasText(src.due_date) || hasText(src.terms),
    'Add a due date or payment terms.',
  )
  try {
    checkAmounts(src)
  } catch {
    out.push('The invoice’s stored amounts do not add up: open it and save it again.')
  }

  // The business.
  need(hasText(seller.name), 'Add the business name.')
  need(hasText(seller.city), 'Add the business’s city.')
  need(hasText(seller.postal_code), 'Add the business’s postcode.')
  need(isCountry(seller.country), 'Add the business’s country.')
  if (has('O')) {
    need(
      categories.size === 1,
      'An invoice outside the scope of VAT cannot have lines with other VAT categories: make it two invoices.',
    )
    // No VAT ID may be shown (BR-O-02): the tax number identifies the business (BR-CO-26).
    need(
      hasText(seller.tax_registration),
      'Add the business’s tax number: an invoice outside the scope of VAT shows no VAT ID.',
    )
  } else if (has('K', 'G')) {
    need(
      hasText(seller.vat_id),
      `Add the business’s VAT ID: ${has('K') ? 'intra-community supplies' : 'exports'} need it.`,
    )
  } else if (has('S', 'Z', 'E', 'AE')) {
    need(
      hasText(seller.vat_id) || hasText(seller.tax_registration),
      'Add the business’s VAT ID or tax number.',
    )
  }
  if (hasText(seller.vat_id) && !has('O')) {
    need(
      isVatId(seller.vat_id),
      'The business’s VAT ID must start with its country code, e.g. DE123456789.',
    )
  }

  // Why no VAT is charged, where a category needs a reason (AE and K have a default).
  for (const row of src.tax_breakdown) {
    if (!NEEDS_REASON.has(row.category)) continue
    need(
      hasText(reasonFor(row)),
      `Give the reason no VAT is charged on the ${CATEGORY_NAMES[row.category]} lines (e.g. the law that exempts them).`,
    )
  }

  // The customer.
  need(hasText(buyer.name), 'Add the customer’s name.')
  need(isCountry(buyer.country), 'Add the customer’s country.')
  if (has('AE', 'K')) {
    need(
      hasText(buyer.vat_id),
      `Add the customer’s VAT ID: ${has('K') ? 'an intra-community supply' : 'reverse charge'} needs it.`,
    )
    if (hasText(buyer.vat_id)) {
      need(
        isVatId(buyer.vat_id),
        'The customer’s VAT ID must start with its country code, e.g. FR12345678901.',
      )
    }
  }

  // Electronic addresses: Peppol delivers by them; XRechnung requires both.
  const address = (who: string, id: string, scheme: string) => {
    need(hasText(id), `Add the ${who} electronic address (e.g. a Peppol ID or an invoicing email).`)
    if (!hasText(id)) return
    need(hasText(scheme), `Choose the type of the ${who} electronic address.`)
    if (scheme === 'EM') {
      need(/^[^@\s]+@[^@\s]+$/.test(id.trim()), `The ${who} electronic address must be an email.`)
    }
  }
  if (format === 'xrechnung' || format === 'peppol') {
    address('business’s', seller.endpoint_id, seller.endpoint_scheme)
    address('customer’s', buyer.endpoint_id, buyer.endpoint_scheme)
  } else {
    // Optional in Factur-X, but once given it needs its scheme.
    if (hasText(seller.endpoint_id))
      address('business’s', seller.endpoint_id, seller.endpoint_scheme)
    if (hasText(buyer.endpoint_id)) address('customer’s', buyer.endpoint_id, buyer.endpoint_scheme)
  }
  if (format === 'peppol') {
    // Peppol delivers to participant IDs only (PEPPOL-EN16931-CL008): no email addresses.
    need(
      seller.endpoint_scheme !== 'EM',
      'Peppol cannot deliver to an email address: give the business a Peppol ID (e.g. its VAT number) as electronic address.',
    )
    need(
      buyer.endpoint_scheme !== 'EM',
      'Peppol cannot deliver to an email address: give the customer a Peppol ID (e.g. their VAT number) as electronic address.',
    )
  }

  if (format === 'xrechnung') {
    need(
      hasText(seller.contact_name),
      'Add a contact person for invoices in the business settings.',
    )
    need(hasText(seller.contact_phone), 'Add a contact phone number for invoices.')
    need(
      /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(seller.contact_email.trim()),
      'Add a contact email for invoices.',
    )
    need(hasText(buyer.city), 'Add the customer’s city.')
    need(hasText(buyer.postal_code), 'Add the customer’s postcode.')
    // BT-10 is the Leitweg-ID for a German public buyer; the invoice number stands in otherwise.
    need(
      hasText(src.buyer_reference) && src.buyer_reference.trim() !== src.number.trim(),
      'Add the customer’s Leitweg-ID (their buyer reference for XRechnung).',
    )
  }
  return out
}

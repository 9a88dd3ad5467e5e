/**
 * UBL 2.1 Invoice or CreditNote for EN 16931 CIUSes: XRechnung 3.0 and Peppol BIS Billing 3.0
 * differ only in the specification identifier (BT-24); what each requires besides is in
 * missingForEInvoice. A credit note (381) is a CreditNote document: its own root, type code and
 * line names, no due date element, and the invoice it corrects (BT-25/26); its amounts are
 * positive, as stored.
 */
import { invoiceTerms, type Discount, type InvoiceTerms } from './model'
import type { EInvoiceSource } from './source'
import { el, leaf, xmlDocument, type Child } from './xml'

export const CUSTOMIZATION = {
  facturx: 'urn:cen.eu:en16931:2017',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  peppol: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
} as const
/** BT-23, the Peppol billing process; XRechnung uses it too. */
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'

/** The payment means text (BT-82) when the business gave no bank account (code 1). */
export const NO_PAYMENT_MEANS_TEXT = 'Payment details on request'

const cbc = (name: string, value: string | null | undefined, attrs?: Record<string, string>) =>
  leaf(`cbc:${name}`, value, attrs ?? null)
const cac = (name: string, ...children: Child[]) => el(`cac:${name}`, null, ...children)

function address(lines: [string, string, string], city: string, postcode: string, country: string) {
  return [
    cbc('StreetName', lines[0]),
    cbc('AdditionalStreetName', lines[1]),
    cbc('CityName', city),
    cbc('PostalZone', postcode),
    cac('AddressLine', cbc('Line', lines[2])),
    cac('Country', cbc('IdentificationCode', country)),
  ]
}

function taxScheme(id: string) {
  return cac('TaxScheme', cbc('ID', id))
}

/** A VAT category and its rate, as a line's item (ClassifiedTaxCategory) or a discount's. */
function vatCategory(name: string, category: string, rate: string | null) {
  return cac(name, cbc('ID', category), cbc('Percent', rate), taxScheme('VAT'))
}

/**
 * The type code (BT-3) as the CIUS takes it: XRechnung's BR-DE-17 lists no 386, so there a
 * deposit is a commercial invoice (380) whose note says it is a prepayment; Peppol BIS takes 386.
 */
function typeCode(src: EInvoiceSource, customizationId: string): string {
  return src.type_code === '386' && customizationId === CUSTOMIZATION.xrechnung
    ? '380'
    : src.type_code
}

export function ublInvoice(src: EInvoiceSource, customizationId: string): string {
  const t: InvoiceTerms = invoiceTerms(src)
  const { seller, buyer } = src
  const doc = src.type_code === '381' ? 'CreditNote' : 'Invoice'
  const amount = (name: string, value: string | null) =>
    value === null ? '' : cbc(name, value, { currencyID: t.currency })
  /** A discount (a line's or a VAT group's) as an allowance, reason code 95; then its tax, if any. */
  const discountAllowance = (d: Discount | null, ...tax: Child[]) =>
    d
      ? cac(
          'AllowanceCharge',
          cbc('ChargeIndicator', 'false'),
          cbc('AllowanceChargeReasonCode', '95'),
          cbc('AllowanceChargeReason', 'Discount'),
          cbc('MultiplierFactorNumeric', d.percent),
          amount('Amount', d.amount),
          amount('BaseAmount', d.base),
          ...tax,
        )
      : null

  const supplier = cac(
    'AccountingSupplierParty',
    cac(
      'Party',
      cbc('EndpointID', seller.endpoint_id, { schemeID: seller.endpoint_scheme }),
      cac('PartyIdentification', t.sellerId ? cbc('ID', t.sellerId) : null),
      cac(
        'PostalAddress',
        address(t.sellerStreet, seller.city, seller.postal_code, seller.country),
      ),
      t.sellerVatId
        ? cac('PartyTaxScheme', cbc('CompanyID', t.sellerVatId), taxScheme('VAT'))
        : null,
      seller.tax_registration
        ? cac('PartyTaxScheme', cbc('CompanyID', seller.tax_registration), taxScheme('FC'))
        : null,
      cac('PartyLegalEntity', cbc('RegistrationName', seller.name)),
      cac(
        'Contact',
        cbc('Name', seller.contact_name),
        cbc('Telephone', seller.contact_phone),
        cbc('ElectronicMail', seller.contact_email),
      ),
    ),
  )

  const customer = cac(
    'AccountingCustomerParty',
    cac(
      'Party',
      cbc('EndpointID', buyer.endpoint_id, { schemeID: buyer.endpoint_scheme }),
      cac('PostalAddress', address(t.buyerStreet, buyer.city, buyer.postal_code, buyer.country)),
      t.buyerVatId ? cac('PartyTaxScheme', cbc('CompanyID', t.buyerVatId), taxScheme('VAT')) : null,
      cac('PartyLegalEntity', cbc('RegistrationName', buyer.name)),
    ),
  )

  const delivery = t.delivery
    ? cac(
        'Delivery',
        cbc('ActualDeliveryDate', t.delivery.date),
        cac(
          'DeliveryLocation',
          cac('Address', address(t.buyerStreet, buyer.city, buyer.postal_code, t.delivery.country)),
        ),
      )
    : null

  const payment = t.payment
    ? cac(
        'PaymentMeans',
        cbc('PaymentMeansCode', '58', { name: 'SEPA credit transfer' }),
        cbc('PaymentID', src.number),
        cac(
          'PayeeFinancialAccount',
          cbc('ID', t.payment.iban),
          cbc('Name', t.payment.holder),
          cac('FinancialInstitutionBranch', cbc('ID', t.payment.bic)),
        ),
      )
    : // 1 = "instrument not defined": every format wants payment instructions (XRechnung BR-DE-1).
      cac('PaymentMeans', cbc('PaymentMeansCode', '1', { name: NO_PAYMENT_MEANS_TEXT }))

  const allowances = t.groups.map((g) =>
    discountAllowance(g.allowance, vatCategory('TaxCategory', g.category, g.lineRate)),
  )

  const taxTotal = cac(
    'TaxTotal',
    amount('TaxAmount', t.taxTotal),
    t.groups.map((g) =>
      cac(
        'TaxSubtotal',
        amount('TaxableAmount', g.taxable),
        amount('TaxAmount', g.tax),
        cac(
          'TaxCategory',
          cbc('ID', g.category),
          cbc('Percent', g.rate),
          cbc('TaxExemptionReasonCode', g.reasonCode),
          cbc('TaxExemptionReason', g.reason),
          taxScheme('VAT'),
        ),
      ),
    ),
  )

  const totals = cac(
    'LegalMonetaryTotal',
    amount('LineExtensionAmount', t.lineTotal),
    amount('TaxExclusiveAmount', t.taxExclusive),
    amount('TaxInclusiveAmount', t.taxInclusive),
    amount('AllowanceTotalAmount', t.allowanceTotal),
    amount('PrepaidAmount', t.prepaid),
    amount('PayableAmount', t.payable),
  )

  const lines = t.lines.map((l) =>
    cac(
      `${doc}Line`,
      cbc('ID', l.id),
      cbc(doc === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity', l.quantity, {
        unitCode: l.unitCode,
      }),
      amount('LineExtensionAmount', l.net),
      discountAllowance(l.discount),
      cac(
        'Item',
        cbc('Description', l.description),
        cbc('Name', l.name),
        vatCategory('ClassifiedTaxCategory', l.category, l.rate),
      ),
      cac('Price', amount('PriceAmount', l.price)),
    ),
  )

  const preceding = t.precedingInvoices.map((p) =>
    cac(
      'BillingReference',
      cac('InvoiceDocumentReference', cbc('ID', p.number), cbc('IssueDate', p.issueDate)),
    ),
  )

  const root = el(
    doc,
    {
      xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${doc}-2`,
      'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    },
    cbc('CustomizationID', customizationId),
    cbc('ProfileID', PEPPOL_PROFILE),
    cbc('ID', src.number),
    cbc('IssueDate', src.issue_date),
    // A UBL CreditNote has no due date element (and a credit note no due date).
    doc === 'Invoice' ? cbc('DueDate', src.due_date) : null,
    cbc(`${doc}TypeCode`, typeCode(src, customizationId)),
    // Peppol allows one note (PEPPOL-EN16931-R002).
    cbc('Note', t.note),
    cbc('DocumentCurrencyCode', t.currency),
    cbc('BuyerReference', src.buyer_reference),
    ...preceding,
    supplier,
    customer,
    delivery,
    payment,
    cac('PaymentTerms', cbc('Note', t.terms)),
    allowances,
    taxTotal,
    totals,
    lines,
  )
  return xmlDocument(root)
}

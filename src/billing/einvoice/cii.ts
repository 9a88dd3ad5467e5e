/**
 * UN/CEFACT CII D16B as Factur-X 1.0 / ZUGFeRD 2.x, profile EN 16931 (guideline
 * urn:cen.eu:en16931:2017). Element order follows the Factur-X EN16931 XSD.
 */
import { invoiceTerms, type Discount, type InvoiceTerms } from './model'
import type { EInvoiceSource } from './source'
import { CUSTOMIZATION, NO_PAYMENT_MEANS_TEXT } from './ubl'
import { el, leaf, required, xmlDocument, type Child } from './xml'

const ram = (name: string, ...children: Child[]) => el(`ram:${name}`, null, ...children)
const text = (name: string, value: string | null | undefined, attrs?: Record<string, string>) =>
  leaf(`ram:${name}`, value, attrs ?? null)
/** A date (YYYY-MM-DD) in the CII form: format 102, YYYYMMDD. */
const date = (name: string, iso: string) =>
  iso ? ram(name, leaf('udt:DateTimeString', iso.replace(/-/g, ''), { format: '102' })) : ''
const indicator = (charge: boolean) =>
  ram('ChargeIndicator', leaf('udt:Indicator', charge ? 'true' : 'false'))
/** A VAT category and its rate, as a line's tax (ApplicableTradeTax) or a discount's. */
const vatCategory = (name: string, category: string, rate: string | null) =>
  ram(
    name,
    text('TypeCode', 'VAT'),
    text('CategoryCode', category),
    text('RateApplicablePercent', rate),
  )
/** A discount (a line's or a VAT group's) as an allowance, reason code 95; then its tax, if any. */
const discountAllowance = (d: Discount | null, ...tax: Child[]) =>
  d
    ? ram(
        'SpecifiedTradeAllowanceCharge',
        indicator(false),
        text('CalculationPercent', d.percent),
        text('BasisAmount', d.base),
        text('ActualAmount', d.amount),
        text('ReasonCode', '95'),
        text('Reason', 'Discount'),
        ...tax,
      )
    : null

function address(lines: [string, string, string], city: string, postcode: string, country: string) {
  return ram(
    'PostalTradeAddress',
    text('PostcodeCode', postcode),
    text('LineOne', lines[0]),
    text('LineTwo', lines[1]),
    text('LineThree', lines[2]),
    text('CityName', city),
    text('CountryID', country),
  )
}

function endpoint(id: string, scheme: string) {
  return ram('URIUniversalCommunication', text('URIID', id, { schemeID: scheme }))
}

export function ciiInvoice(src: EInvoiceSource): string {
  const t: InvoiceTerms = invoiceTerms(src)
  const { seller, buyer } = src

  const lines = t.lines.map((l) =>
    ram(
      'IncludedSupplyChainTradeLineItem',
      ram('AssociatedDocumentLineDocument', text('LineID', l.id)),
      ram('SpecifiedTradeProduct', text('Name', l.name), text('Description', l.description)),
      ram(
        'SpecifiedLineTradeAgreement',
        ram('NetPriceProductTradePrice', text('ChargeAmount', l.price)),
      ),
      ram(
        'SpecifiedLineTradeDelivery',
        text('BilledQuantity', l.quantity, { unitCode: l.unitCode }),
      ),
      ram(
        'SpecifiedLineTradeSettlement',
        vatCategory('ApplicableTradeTax', l.category, l.rate),
        discountAllowance(l.discount),
        ram('SpecifiedTradeSettlementLineMonetarySummation', text('LineTotalAmount', l.net)),
      ),
    ),
  )

  const agreement = ram(
    'ApplicableHeaderTradeAgreement',
    text('BuyerReference', src.buyer_reference),
    ram(
      'SellerTradeParty',
      text('ID', t.sellerId),
      text('Name', seller.name),
      ram(
        'DefinedTradeContact',
        text('PersonName', seller.contact_name),
        ram('TelephoneUniversalCommunication', text('CompleteNumber', seller.contact_phone)),
        ram('EmailURIUniversalCommunication', text('URIID', seller.contact_email)),
      ),
      address(t.sellerStreet, seller.city, seller.postal_code, seller.country),
      endpoint(seller.endpoint_id, seller.endpoint_scheme),
      t.sellerVatId
        ? ram('SpecifiedTaxRegistration', text('ID', t.sellerVatId, { schemeID: 'VA' }))
        : null,
      seller.tax_registration
        ? ram('SpecifiedTaxRegistration', text('ID', seller.tax_registration, { schemeID: 'FC' }))
        : null,
    ),
    ram(
      'BuyerTradeParty',
      text('Name', buyer.name),
      address(t.buyerStreet, buyer.city, buyer.postal_code, buyer.country),
      endpoint(buyer.endpoint_id, buyer.endpoint_scheme),
      t.buyerVatId
        ? ram('SpecifiedTaxRegistration', text('ID', t.buyerVatId, { schemeID: 'VA' }))
        : null,
    ),
  )

  // Required even when empty (Folio records no delivery; an intra-community supply has one).
  const delivery = required(
    'ram:ApplicableHeaderTradeDelivery',
    t.delivery
      ? [
          ram(
            'ShipToTradeParty',
            address(t.buyerStreet, buyer.city, buyer.postal_code, t.delivery.country),
          ),
          ram('ActualDeliverySupplyChainEvent', date('OccurrenceDateTime', t.delivery.date)),
        ]
      : null,
  )

  const payment = t.payment
    ? ram(
        'SpecifiedTradeSettlementPaymentMeans',
        text('TypeCode', '58'),
        text('Information', 'SEPA credit transfer'),
        ram(
          'PayeePartyCreditorFinancialAccount',
          text('IBANID', t.payment.iban),
          text('AccountName', t.payment.holder),
        ),
        ram('PayeeSpecifiedCreditorFinancialInstitution', text('BICID', t.payment.bic)),
      )
    : ram(
        'SpecifiedTradeSettlementPaymentMeans',
        text('TypeCode', '1'),
        text('Information', NO_PAYMENT_MEANS_TEXT),
      )

  const settlement = ram(
    'ApplicableHeaderTradeSettlement',
    t.payment ? text('PaymentReference', src.number) : null,
    text('InvoiceCurrencyCode', t.currency),
    payment,
    t.groups.map((g) =>
      ram(
        'ApplicableTradeTax',
        text('CalculatedAmount', g.tax),
        text('TypeCode', 'VAT'),
        text('ExemptionReason', g.reason),
        text('BasisAmount', g.taxable),
        text('CategoryCode', g.category),
        text('ExemptionReasonCode', g.reasonCode),
        text('RateApplicablePercent', g.rate),
      ),
    ),
    t.groups.map((g) =>
      discountAllowance(g.allowance, vatCategory('CategoryTradeTax', g.category, g.lineRate)),
    ),
    ram(
      'SpecifiedTradePaymentTerms',
      text('Description', t.terms),
      date('DueDateDateTime', src.due_date),
    ),
    ram(
      'SpecifiedTradeSettlementHeaderMonetarySummation',
      text('LineTotalAmount', t.lineTotal),
      text('AllowanceTotalAmount', t.allowanceTotal),
      text('TaxBasisTotalAmount', t.taxExclusive),
      // The one amount CII gives with its currency (BT-110).
      text('TaxTotalAmount', t.taxTotal, { currencyID: t.currency }),
      text('GrandTotalAmount', t.taxInclusive),
      text('TotalPrepaidAmount', t.prepaid),
      text('DuePayableAmount', t.payable),
    ),
    // BG-3: the invoice a credit note corrects, or the deposits a final invoice deducts.
    ...t.precedingInvoices.map((p) =>
      ram(
        'InvoiceReferencedDocument',
        text('IssuerAssignedID', p.number),
        ram(
          'FormattedIssueDateTime',
          leaf('qdt:DateTimeString', p.issueDate.replace(/-/g, ''), { format: '102' }),
        ),
      ),
    ),
  )

  const root = el(
    'rsm:CrossIndustryInvoice',
    {
      'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
      'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
      'xmlns:ram':
        'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
      'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
    },
    el(
      'rsm:ExchangedDocumentContext',
      null,
      ram('GuidelineSpecifiedDocumentContextParameter', text('ID', CUSTOMIZATION.facturx)),
    ),
    el(
      'rsm:ExchangedDocument',
      null,
      text('ID', src.number),
      text('TypeCode', src.type_code),
      date('IssueDateTime', src.issue_date),
      ram('IncludedNote', text('Content', t.note)),
    ),
    el('rsm:SupplyChainTradeTransaction', null, lines, agreement, delivery, settlement),
  )
  return xmlDocument(root)
}

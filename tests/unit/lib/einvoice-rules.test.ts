// The e-invoice module without the validators: unit codes, what missingForEInvoice asks for,
// money taken as stored, and the Factur-X PDF's structure (einvoice-validate.test.ts runs the
// official validators on the same fixtures).
import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  ciiXml,
  facturxPdf,
  missingForEInvoice,
  peppolXml,
  unitCodeFor,
  xrechnungXml,
  type EInvoiceFormat,
  type EInvoiceSource,
} from '@/billing/einvoice'
import {
  creditNoteEInvoice,
  type EInvoiceCustomer,
  type EInvoiceSeller,
} from '@/billing/einvoice/from-records'
import { renderDocumentPdf } from '@/billing/pdf'
import type { CreditNote, Invoice } from '@/billing/types'
import { BROOKLYN, buildCase, CITY, einvoiceCases, VIENNA, UTRECHT } from './einvoice-fixtures'
import { fixtureFonts } from './pdf-fixture'

const cases = einvoiceCases()
const byName = (part: string) => {
  const c = cases.find((x) => x.name.includes(part))
  if (!c) throw new Error(`no fixture case "${part}"`)
  return c
}
const oneLine = byName('one line').source

/** A copy of a source with some seller or buyer fields changed. */
function withParty(
  src: EInvoiceSource,
  seller: Partial<EInvoiceSource['seller']>,
  buyer: Partial<EInvoiceSource['buyer']> = {},
): EInvoiceSource {
  return { ...src, seller: { ...src.seller, ...seller }, buyer: { ...src.buyer, ...buyer } }
}

describe('unitCodeFor', () => {
  it.each([
    ['h', 'HUR'],
    ['hr', 'HUR'],
    ['hours', 'HUR'],
    ['Hours', 'HUR'],
    [' h ', 'HUR'],
    ['pcs', 'H87'],
    ['pc', 'H87'],
    ['piece', 'H87'],
    ['mo', 'MON'],
    ['month', 'MON'],
    ['day', 'DAY'],
    ['d', 'DAY'],
    ['days', 'DAY'],
    ['wk', 'WEE'],
    ['week', 'WEE'],
    ['yr', 'ANN'],
    ['year', 'ANN'],
    ['min', 'MIN'],
    ['kg', 'KGM'],
    ['m', 'MTR'],
    ['m2', 'MTK'],
    ['m²', 'MTK'],
    ['l', 'LTR'],
    ['km', 'KMT'],
    ['set', 'SET'],
    ['', 'C62'],
    ['   ', 'C62'],
    ['widgets', 'C62'],
    ['HUR', 'HUR'],
    ['LS', 'LS'],
  ])('%j → %s', (text, code) => {
    expect(unitCodeFor(text)).toBe(code)
  })
})

describe('missingForEInvoice', () => {
  it.each(cases.flatMap((c) => c.formats.map((f) => [c.name, f, c.source] as const)))(
    'asks nothing for the fixture "%s" as %s',
    (_name, format, src) => {
      expect(missingForEInvoice(src, format)).toEqual([])
    },
  )

  it('asks XRechnung for the seller contact, both electronic addresses and the Leitweg-ID', () => {
    const src = withParty(
      { ...oneLine, buyer_reference: oneLine.number },
      { contact_name: '', contact_phone: '', contact_email: '', endpoint_id: '' },
      { endpoint_id: '', city: '', postal_code: '' },
    )
    expect(missingForEInvoice(src, 'xrechnung')).toEqual([
      'Add the business’s electronic address (e.g. a Peppol ID or an invoicing email).',
      'Add the customer’s electronic address (e.g. a Peppol ID or an invoicing email).',
      'Add a contact person for invoices in the business settings.',
      'Add a contact phone number for invoices.',
      'Add a contact email for invoices.',
      'Add the customer’s city.',
      'Add the customer’s postcode.',
      'Add the customer’s Leitweg-ID (their buyer reference for XRechnung).',
    ])
    // Factur-X needs none of these.
    expect(missingForEInvoice(src, 'facturx')).toEqual([])
  })

  it('asks Peppol for participant IDs, not email addresses', () => {
    const src = withParty(oneLine, {
      endpoint_id: 'billing@atelier.example',
      endpoint_scheme: 'EM',
    })
    expect(missingForEInvoice(src, 'peppol')).toEqual([
      'Peppol cannot deliver to an email address: give the business a Peppol ID (e.g. its VAT number) as electronic address.',
    ])
    expect(missingForEInvoice(src, 'xrechnung')).toEqual([])
    expect(missingForEInvoice(withParty(oneLine, { endpoint_scheme: '' }), 'peppol')).toEqual([
      'Choose the type of the business’s electronic address.',
    ])
  })

  it('asks for the business address and a VAT ID or tax number', () => {
    const src = withParty(oneLine, {
      city: '',
      postal_code: '',
      country: '',
      vat_id: '',
      tax_registration: '',
    })
    expect(missingForEInvoice(src, 'facturx')).toEqual([
      'Add the business’s city.',
      'Add the business’s postcode.',
      'Add the business’s country.',
      'Add the business’s VAT ID or tax number.',
    ])
    // A tax number alone will do for standard-rated invoices…
    expect(missingForEInvoice(withParty(oneLine, { vat_id: '' }), 'facturx')).toEqual([])
    // …and a VAT ID needs its country prefix.
    expect(missingForEInvoice(withParty(oneLine, { vat_id: '123456789' }), 'facturx')).toEqual([
      'The business’s VAT ID must start with its country code, e.g. DE123456789.',
    ])
  })

  it('asks reverse charge and intra-community supplies for the VAT IDs they need', () => {
    const ae = byName('reverse charge').source
    expect(missingForEInvoice(withParty(ae, {}, { vat_id: '' }), 'peppol')).toEqual([
      'Add the customer’s VAT ID: reverse charge needs it.',
    ])
    const k = byName('intra-community').source
    expect(missingForEInvoice(withParty(k, { vat_id: '' }, { vat_id: '' }), 'facturx')).toEqual([
      'Add the business’s VAT ID: intra-community supplies need it.',
      'Add the customer’s VAT ID: an intra-community supply needs it.',
    ])
  })

  it('asks for an exemption reason where no default exists (E, G, O), not for AE and K', () => {
    const blank = (src: EInvoiceSource) => ({
      ...src,
      tax_breakdown: src.tax_breakdown.map((r) => ({ ...r, exemption_reason: '' })),
    })
    expect(missingForEInvoice(blank(byName('exempt (E)').source), 'xrechnung')).toEqual([
      'Give the reason no VAT is charged on the VAT-exempt lines (e.g. the law that exempts them).',
    ])
    expect(missingForEInvoice(blank(byName('(G)').source), 'facturx')).toEqual([
      'Give the reason no VAT is charged on the export lines (e.g. the law that exempts them).',
    ])
    expect(missingForEInvoice(blank(byName('reverse charge').source), 'facturx')).toEqual([])
    expect(missingForEInvoice(blank(byName('intra-community').source), 'facturx')).toEqual([])
  })

  it('keeps "outside the scope of VAT" alone on its invoice, with a tax number', () => {
    const mixed = buildCase('O and S', ['facturx'], {
      number: 'INV-09001',
      buyer: BROOKLYN,
      reasons: { O: 'Outside the scope of VAT' },
      lines: [
        { d: 'Research', q: 1, unit: '', p: 10_000, rate: 0, cat: 'O' },
        { d: 'Printed report', q: 1, unit: '', p: 2_000, rate: 19 },
      ],
    }).source
    expect(missingForEInvoice(withParty(mixed, { tax_registration: '' }), 'facturx')).toEqual([
      'An invoice outside the scope of VAT cannot have lines with other VAT categories: make it two invoices.',
      'Add the business’s tax number: an invoice outside the scope of VAT shows no VAT ID.',
    ])
  })

  it('asks a credit note for the invoice it corrects (BT-25/26), and nothing else', () => {
    const cn = byName('credit note (381)').source
    for (const format of ['facturx', 'xrechnung', 'peppol'] as const) {
      expect(missingForEInvoice(cn, format)).toEqual([])
      for (const preceding_invoice of [
        undefined,
        { number: ' ', issue_date: '2026-03-02' },
        { number: 'INV-00102', issue_date: '' },
      ]) {
        expect(missingForEInvoice({ ...cn, preceding_invoice }, format)).toEqual([
          'A credit note needs the number and date of the invoice it corrects: open that invoice once while online.',
        ])
      }
    }
    // No due date and no terms of its own: the file's terms name the credited invoice.
    expect(cn.due_date).toBe('')
    expect(cn.terms).toBe('')
  })

  it('asks a final invoice for each deposit it deducts (number and date), no more than its total', () => {
    const final = byName('final invoice deducting 2 deposits').source
    const deposits = final.deposits ?? []
    expect(deposits).toHaveLength(2)
    for (const format of ['facturx', 'xrechnung', 'peppol'] as const) {
      expect(missingForEInvoice(final, format)).toEqual([])
      const unnumbered = [{ ...deposits[0]!, number: '' }, deposits[1]!]
      expect(missingForEInvoice({ ...final, deposits: unnumbered }, format)).toContain(
        'A final invoice names each deposit it deducts by number and date: send the deposit invoices first, then save this invoice again while online.',
      )
      const over = { ...final, deducted_cents: final.total_cents + 1 }
      expect(missingForEInvoice(over, format)).toContain(
        "The deposits deducted are more than this invoice's total: check its lines.",
      )
    }
  })

  it('refuses missing numbers and amounts that do not add up', () => {
    const broken: EInvoiceSource = {
      ...oneLine,
      number: '',
      buyer_reference: 'X',
      total_cents: oneLine.total_cents + 1,
    }
    expect(missingForEInvoice(broken, 'facturx')).toEqual([
      'The invoice needs its number: save it while online first.',
      'The invoice’s stored amounts do not add up: open it and save it again.',
    ])
  })
})

describe('the generators', () => {
  const formats: Record<
    Exclude<EInvoiceFormat, 'facturx'> | 'cii',
    (s: EInvoiceSource) => Promise<string>
  > = {
    cii: ciiXml,
    xrechnung: xrechnungXml,
    peppol: peppolXml,
  }

  it.each(Object.entries(formats))(
    'write the stored amounts as they are (%s)',
    async (_f, make) => {
      const src = byName('document discount').source
      const xml = await make(src)
      const major = (cents: number) => (cents / 100).toFixed(2)
      for (const cents of [src.subtotal_cents, src.tax_cents, src.total_cents, src.balance_cents]) {
        expect(xml).toContain(`>${major(cents)}<`)
      }
      for (const row of src.tax_breakdown) {
        expect(xml).toContain(`>${major(row.net_cents)}<`)
        expect(xml).toContain(`>${major(row.tax_cents)}<`)
      }
      for (const line of src.lines) expect(xml).toContain(`>${major(line.net_cents)}<`)
      // The groups' discounts (lines' nets minus the breakdown's net) add up to the stored one.
      const shares = src.tax_breakdown.map(
        (r) =>
          src.lines
            .filter((l) => l.vat_category === r.category && l.tax_rate === r.rate)
            .reduce((a, l) => a + l.net_cents, 0) - r.net_cents,
      )
      expect(shares.reduce((a, b) => a + b, 0)).toBe(src.discount_cents)
      for (const s of shares) expect(xml).toContain(`>${major(s)}<`)
    },
  )

  it('write amounts in the currency’s minor units', async () => {
    const jpy = buildCase('yen', ['peppol'], {
      number: 'INV-09002',
      currency: 'JPY',
      buyer: UTRECHT,
      reasons: { K: '' },
      lines: [{ d: 'Lamp', q: 2, unit: 'pcs', p: 12_345, rate: 0, cat: 'K' }],
    }).source
    const xml = await peppolXml(jpy)
    expect(xml).toContain('<cbc:PayableAmount currencyID="JPY">24690</cbc:PayableAmount>')
    expect(xml).toContain('<cbc:PriceAmount currencyID="JPY">12345</cbc:PriceAmount>')
  })

  it('escape text and keep line breaks inside values', async () => {
    const src = withParty(
      { ...oneLine, notes: 'Line one\nLine <two> & "three"' },
      { name: 'Müller & Söhne <GmbH>' },
    )
    for (const xml of [await ciiXml(src), await xrechnungXml(src)]) {
      expect(xml).toContain('Müller &amp; Söhne &lt;GmbH&gt;')
      expect(xml).toContain('Line one&#10;Line &lt;two&gt; &amp; &quot;three&quot;')
      expect(xml).not.toContain('<GmbH>')
    }
  })

  it('refuse stored amounts that do not add up instead of writing a wrong file', async () => {
    const broken = { ...oneLine, tax_cents: oneLine.tax_cents + 1 }
    await expect(peppolXml(broken)).rejects.toThrow(/do not add up/)
  })

  it('put the reverse-charge default reason and the buyer VAT ID in the file', async () => {
    const xml = await peppolXml(byName('reverse charge').source)
    expect(xml).toContain('<cbc:TaxExemptionReason>Reverse charge</cbc:TaxExemptionReason>')
    expect(xml).toContain(`<cbc:CompanyID>${VIENNA.vat_id}</cbc:CompanyID>`)
  })

  it('write a credit note as a UBL CreditNote and a CII 381 referring to its invoice', async () => {
    const src = byName('credit note with line and document discounts').source
    for (const xml of [await peppolXml(src), await xrechnungXml(src)]) {
      expect(xml).toContain(
        '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"',
      )
      expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>')
      expect(xml).not.toContain('Invoice xmlns')
      expect(xml).not.toContain('<cbc:DueDate>')
      expect(xml).not.toContain('InvoiceLine')
      expect(xml).toContain('<cbc:CreditedQuantity unitCode="DAY">0.5</cbc:CreditedQuantity>')
      expect(xml).toContain(
        '<cac:BillingReference>\n    <cac:InvoiceDocumentReference>\n      <cbc:ID>INV-00103</cbc:ID>\n      <cbc:IssueDate>2026-03-02</cbc:IssueDate>',
      )
      expect(xml).toContain('<cbc:Note>Credit note for invoice INV-00103</cbc:Note>')
      // Amounts are positive, as stored.
      expect(xml).toContain(
        `<cbc:PayableAmount currencyID="EUR">${(src.total_cents / 100).toFixed(2)}</cbc:PayableAmount>`,
      )
      expect(xml).not.toMatch(/>-\d/)
    }
    const cii = await ciiXml(src)
    expect(cii).toContain('<ram:TypeCode>381</ram:TypeCode>')
    expect(cii).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>INV-00103<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260302<\/qdt:DateTimeString>/,
    )
    // An invoice has none of this.
    const inv = await peppolXml(oneLine)
    expect(inv).not.toContain('BillingReference')
    expect(await ciiXml(oneLine)).not.toContain('InvoiceReferencedDocument')
  })

  it('use payment means 58 with the IBAN, else 1', async () => {
    expect(await xrechnungXml(oneLine)).toContain(
      '<cbc:PaymentMeansCode name="SEPA credit transfer">58</cbc:PaymentMeansCode>',
    )
    const none = byName('no bank account').source
    expect(none.buyer_reference).toBe(CITY.reference)
    expect(await ciiXml(none)).toContain('<ram:TypeCode>1</ram:TypeCode>')
  })
})

describe('facturxPdf', () => {
  const c = byName('one line')
  const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b)

  it('appends to the PDF: the original bytes stay, factur-x.xml is the CII, the XMP says EN 16931', async () => {
    const pdf = await renderDocumentPdf(c.printable, { paper: 'a4', font: fixtureFonts() })
    const out = await facturxPdf(c.source, pdf)
    expect(out.subarray(0, pdf.length)).toEqual(pdf)
    const added = latin1(out.subarray(pdf.length))
    expect(added).toContain('/AFRelationship /Alternative')
    expect(added).toContain('/Subtype /text#2Fxml')
    expect(added).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>')
    expect(added).toContain('<pdfaid:part>3</pdfaid:part>')
    expect(added).toMatch(/\/Prev \d+>>\nstartxref\n\d+\n%%EOF\n$/)
    // The embedded file, inflated, is exactly what ciiXml makes.
    const text = latin1(out)
    const at = text.indexOf('/Type /EmbeddedFile')
    const start = text.indexOf('stream\n', at) + 'stream\n'.length
    const end = text.indexOf('\nendstream', start)
    const xml = new TextDecoder().decode(inflateSync(out.subarray(start, end)))
    expect(xml).toBe(await ciiXml(c.source))
  })

  it('refuses what is not a PDF', async () => {
    await expect(facturxPdf(c.source, new TextEncoder().encode('hello'))).rejects.toThrow(
      /not a PDF/,
    )
  })
})

describe('creditNoteEInvoice (the stored credit note as an e-invoice)', () => {
  const c = byName('credit note (381)')
  const src = c.source
  const base = { owner: 'u1', created: '', updated: '' }
  const customer: EInvoiceCustomer = {
    ...base,
    id: 'c1',
    name: src.buyer.name,
    contact_name: '',
    email: 'rechnungen@musterstadt.example',
    phone: '',
    website: '',
    tax_id: src.buyer.vat_id,
    address: src.buyer.street,
    city: src.buyer.city,
    postal_code: src.buyer.postal_code,
    country: src.buyer.country,
    currency: 'EUR',
    payment_terms_days: 30,
    notes: '',
    archived: false,
    endpoint_id: src.buyer.endpoint_id,
    endpoint_scheme: src.buyer.endpoint_scheme,
    buyer_reference: src.buyer_reference,
  }
  const seller: EInvoiceSeller = {
    id: 'u1',
    collectionId: 'users',
    updated: '',
    logo: '',
    company_name: src.seller.name,
    company_address: src.seller.street,
    company_tax_id: '',
    default_currency: 'EUR',
    default_terms_days: 30,
    default_tax_rate: 19,
    notify_overdue: false,
    notify_quote_expiring: false,
    einvoicing: true,
    company_vat_id: src.seller.vat_id,
    company_tax_registration: src.seller.tax_registration,
    company_postal_code: src.seller.postal_code,
    company_city: src.seller.city,
    company_country: src.seller.country,
    seller_endpoint_id: src.seller.endpoint_id,
    seller_endpoint_scheme: src.seller.endpoint_scheme,
    seller_contact_name: src.seller.contact_name,
    seller_contact_phone: src.seller.contact_phone,
    seller_contact_email: src.seller.contact_email,
    // The business's account is where its customers pay: a credit note names none.
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  } as EInvoiceSeller
  // The credited invoice: paid in full; its customer's data are what the credit note carries.
  const invoice = {
    ...base,
    id: 'i1',
    customer: 'c1',
    number: 'INV-00102',
    issue_date: '2026-03-02 00:00:00.000Z',
    paid_cents: 50_000,
    balance_cents: 0,
  } as Invoice
  const stored: CreditNote = {
    ...base,
    id: 'n1',
    invoice: 'i1',
    customer: 'c1',
    number: src.number,
    seq: 1,
    issue_date: `${src.issue_date} 00:00:00.000Z`,
    currency: src.currency,
    items: c.printable.items.map((l, i) => ({ ...l, id: `l${i}` })),
    discount_percent: src.discount_percent,
    subtotal_cents: src.subtotal_cents,
    discount_cents: src.discount_cents,
    tax_cents: src.tax_cents,
    total_cents: src.total_cents,
    tax_breakdown: src.tax_breakdown.map(({ rate, net_cents, tax_cents }) => ({
      rate,
      net_cents,
      tax_cents,
    })),
    reason: src.notes,
    notes: '',
    refunded_cents: 0,
  }

  it('is the validated fixture: its stored figures, the invoice it corrects, no due date or bank', () => {
    expect(creditNoteEInvoice(stored, invoice, customer, seller, unitCodeFor)).toEqual(src)
  })

  it('takes the stored figures as they are, never recomputed', () => {
    const odd = { ...stored, tax_cents: stored.tax_cents + 1 }
    const made = creditNoteEInvoice(odd, invoice, customer, seller, unitCodeFor)
    expect(made?.tax_cents).toBe(stored.tax_cents + 1)
    expect(missingForEInvoice(made!, 'peppol')).toEqual([
      'The invoice’s stored amounts do not add up: open it and save it again.',
    ])
  })

  it('is made only with e-invoicing on, once the credit note and its invoice are numbered', () => {
    const make = creditNoteEInvoice
    const off: EInvoiceSeller = { ...seller, einvoicing: false }
    expect(make(stored, invoice, customer, seller, unitCodeFor)).toBeDefined()
    expect(make(stored, invoice, customer, off, unitCodeFor)).toBe(undefined)
    expect(make({ ...stored, number: '' }, invoice, customer, seller, unitCodeFor)).toBe(undefined)
    expect(make(stored, undefined, customer, seller, unitCodeFor)).toBe(undefined)
    expect(make(stored, { ...invoice, number: '' }, customer, seller, unitCodeFor)).toBe(undefined)
    expect(make(stored, invoice, undefined, seller, unitCodeFor)).toBe(undefined)
  })

  it('gives a Peppol CreditNote with the reason as its note', async () => {
    const xml = await peppolXml(creditNoteEInvoice(stored, invoice, customer, seller, unitCodeFor)!)
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>')
    expect(xml).toContain(`<cbc:Note>${src.notes}</cbc:Note>`)
    expect(xml).toContain(
      '<cbc:PaymentMeansCode name="Payment details on request">1</cbc:PaymentMeansCode>',
    )
  })
})

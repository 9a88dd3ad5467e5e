// The e-invoice import screen's sentences for the reader's problems (server/internal/inbound
// Problem), its amounts in the invoice's currency, and the format's name.
import { afterAll, describe, expect, it } from 'vitest'
import { setLocale, t, translatorFor } from '@/lib/i18n'
import { formatName, money, problemText } from '@/features/inbound/view'
import type { InboundDocument } from '@/features/inbound/data'

describe('inbound view', () => {
  afterAll(() => setLocale('en'))

  it('says the arithmetic problems with the amounts in the currency', () => {
    expect(
      problemText(
        { code: 'lines_sum', params: { sum: '236.90', total: '209.90', currency: 'EUR' } },
        t,
      ),
    ).toBe('The lines add up to €236.90, but the invoice says their sum is €209.90.')
    expect(
      problemText(
        {
          code: 'vat_rate',
          params: { rate: '19', tax: '17.00', expected: '19.00', currency: 'EUR' },
        },
        t,
      ),
    ).toBe('The VAT at 19 % is €17.00, but the taxable amount at that rate makes €19.00.')
  })

  it('names the field a required-field problem is about', () => {
    expect(problemText({ code: 'missing', params: { field: 'number' } }, t)).toBe(
      'The invoice has no invoice number.',
    )
    expect(
      problemText({ code: 'not_number', params: { field: 'gross_total', value: '12,50' } }, t),
    ).toBe('The total with VAT is not a number: “12,50”.')
  })

  it('says a problem in German too', async () => {
    await setLocale('de')
    expect(problemText({ code: 'missing', params: { field: 'number' } }, translatorFor('de'))).toBe(
      'In der Rechnung fehlt: Rechnungsnummer.',
    )
    await setLocale('en')
  })

  it('formats a decimal amount, keeps one that is not a number', () => {
    expect(money('244.99', 'EUR')).toBe('€244.99')
    expect(money('1200', 'JPY')).toBe('¥1,200')
    expect(money('', 'EUR')).toBe('')
    expect(money('12,50', 'EUR')).toBe('12,50')
  })

  it('names the format by its specification', () => {
    const doc = (format: InboundDocument['format'], specification: string) =>
      ({ format, specification }) as InboundDocument
    expect(
      formatName(
        doc('ubl', 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'),
        t,
      ),
    ).toBe('XRechnung')
    expect(
      formatName(
        doc('ubl', 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'),
        t,
      ),
    ).toBe('Peppol BIS 3.0')
    expect(formatName(doc('facturx', 'urn:cen.eu:en16931:2017'), t)).toBe('Factur-X/ZUGFeRD PDF')
    expect(formatName(doc('cii', 'urn:cen.eu:en16931:2017'), t)).toBe('CII (EN 16931)')
  })
})

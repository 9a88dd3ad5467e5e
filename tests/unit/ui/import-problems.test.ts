// The import screen's sentences for the server's row problems, and the report it downloads.
import { afterAll, describe, expect, it } from 'vitest'
import { setLocale, t, translatorFor } from '@/lib/i18n'
import { problemRows, problemText, reportCsv } from '@/features/imports/problems'

describe('import problems', () => {
  afterAll(() => setLocale('en'))

  it("says the import's own codes with the row and the field's name", () => {
    expect(problemText({ row: 14, field: 'email', code: 'row_invalid_email' }, t)).toBe(
      'Row 14: the email address is not valid.',
    )
    expect(problemText({ row: 5, field: 'name', code: 'row_required' }, t)).toBe(
      'Row 5: Name is missing.',
    )
    expect(problemText({ row: 6, field: 'country', code: 'row_invalid' }, t)).toBe(
      'Row 6: Country is not valid.',
    )
    expect(problemText({ row: 3, field: 'price', code: 'row_not_number' }, t)).toBe(
      'Row 3: Price must be a number.',
    )
  })

  it("fills an open invoice's problem with its params", () => {
    expect(
      problemText(
        {
          row: 4,
          field: 'currency',
          code: 'row_currency_mismatch',
          params: { currency: 'USD', customer_currency: 'EUR' },
        },
        t,
      ),
    ).toBe("Row 4: the invoice is in USD, but the customer's currency is EUR.")
    expect(
      problemText(
        { row: 7, field: 'customer', code: 'row_unknown_customer', params: { customer: 'Nobody' } },
        t,
      ),
    ).toBe('Row 7: there is no customer named Nobody. Import or add the customer first.')
  })

  it("says an imported receipt's VAT line problem with its row and rate", () => {
    expect(
      problemText(
        {
          row: 7,
          field: 'vat_lines',
          code: 'folio_expense_vat_mismatch',
          params: { line: 2, rate: 19, amount: '38.00 EUR' },
        },
        t,
      ),
    ).toBe("Row 7: the VAT doesn't match the amount at 19 % (at this rate it is 38.00 EUR).")
    expect(
      problemText(
        {
          row: 3,
          field: 'vat_lines',
          code: 'folio_expense_rate_twice',
          params: { line: 2, rate: 7 },
        },
        t,
      ),
    ).toBe('Row 3: this receipt already has a row at 7 % VAT. Put each rate on one row.')
  })

  it('says why an open invoice imported again is not updated', () => {
    expect(
      problemText(
        { row: 2, field: 'number', code: 'row_invoice_closed', params: { status: 'paid' } },
        t,
      ),
    ).toBe('Row 2: this invoice is paid in Folio, so it is not updated.')
    expect(problemText({ row: 2, field: 'total', code: 'row_invoice_total_locked' }, t)).toBe(
      "Row 2: this invoice has payments or reminders, so its total can't change.",
    )
    expect(problemText({ row: 3, field: 'customer', code: 'row_invoice_customer_locked' }, t)).toBe(
      "Row 3: this invoice has payments, so its customer can't change.",
    )
  })

  it("says a customer rule's code as the customer form would, after the row", () => {
    expect(
      problemText({ row: 9, field: 'endpoint_scheme', code: 'folio_invalid_endpoint_scheme' }, t),
    ).toMatch(/^Row 9: .+/)
    expect(
      problemText({ row: 9, field: 'endpoint_scheme', code: 'folio_invalid_endpoint_scheme' }, t),
    ).not.toContain('folio_')
  })

  it("says a vendor row's IBAN and VAT ID problems with the vendor's field names", () => {
    expect(problemText({ row: 14, field: 'iban', code: 'folio_invalid_iban' }, t)).toBe(
      "Row 14: the IBAN's check digits are wrong.",
    )
    expect(problemText({ row: 8, field: 'vat_id', code: 'row_required' }, t)).toBe(
      'Row 8: VAT ID is missing.',
    )
    expect(t('imports.duplicates.row', { row: 3, name: 'Papier GmbH', by: 'iban' })).toBe(
      'Row 3 is Papier GmbH (same IBAN).',
    )
  })

  it('speaks the interface language', async () => {
    await setLocale('de')
    expect(
      problemText({ row: 4, field: 'email', code: 'row_invalid_email' }, translatorFor('de')),
    ).toBe('Zeile 4: Die E-Mail-Adresse ist ungültig.')
    expect(
      problemText({ row: 14, field: 'iban', code: 'folio_invalid_iban' }, translatorFor('de')),
    ).toBe('Zeile 14: Die Prüfziffern der IBAN stimmen nicht.')
  })

  it('reports one line per problem and lists each problem row once', () => {
    const problems = [
      { row: 4, field: 'email', code: 'row_invalid_email' },
      { row: 4, field: 'payment_terms_days', code: 'row_not_number' },
      { row: 2, field: 'name', code: 'row_required' },
    ]
    const csv = reportCsv(problems, translatorFor('en'))
    expect(csv.split('\r\n')[0]).toBe('\uFEFFRow,Column,Problem')
    expect(csv).toContain('4,Email,Row 4: the email address is not valid.')
    expect(csv).toContain('2,Name,Row 2: Name is missing.')
    expect(problemRows(problems)).toEqual([2, 4])
  })
})

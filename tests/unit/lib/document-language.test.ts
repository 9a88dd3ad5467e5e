// Which language a customer's documents are written in: the customer's, else the business's,
// else English — the twin of the server's decideDocumentLanguage.
import { describe, expect, it } from 'vitest'
import { docFormat } from '@/billing/doc-format'
import { documentLanguage, documentLocale, toPrintable } from '@/billing/printable'
import type { Customer, Invoice } from '@/billing/types'

describe('documentLanguage', () => {
  it.each([
    ['neither chose: English', undefined, undefined, 'en'],
    ['the business’s', '', 'de', 'de'],
    ['the customer’s wins', 'fr', 'de', 'fr'],
    ['the customer’s without a business language', 'ar', '', 'ar'],
    ['an unknown customer value counts as none', 'xx', 'es', 'es'],
    ['unknown everywhere: English', 'xx', 'yy', 'en'],
    ['English chosen for a customer of a German business', 'en', 'de', 'en'],
  ] as const)('%s', (_, customer, business, want) => {
    expect(documentLanguage(customer, business)).toBe(want)
  })

  it('reads a printable’s language, English when it has none', () => {
    expect(documentLocale({ language: 'de' })).toBe('de')
    expect(documentLocale({})).toBe('en')
  })
})

describe('toPrintable', () => {
  const invoice = {
    id: 'i1',
    number: 'INV-00001',
    status: 'sent',
    currency: 'EUR',
    issue_date: '2026-03-01 00:00:00.000Z',
    due_date: '2026-03-31 00:00:00.000Z',
    items: [],
    balance_cents: 0,
  } as unknown as Invoice
  const seller = { company_name: 'Alice & Co', company_address: '', company_tax_id: '', name: '' }
  const customer = (language?: string) => ({ name: 'Acme', language }) as unknown as Customer

  it('carries the customer’s language, else the business’s document language', () => {
    const print = (c: Customer, documentLanguage?: string) =>
      toPrintable({
        kind: 'invoices',
        doc: invoice,
        customer: c,
        seller: { ...seller, document_language: documentLanguage },
        logoUrl: '',
      }).language
    expect(print(customer('fr'), 'de')).toBe('fr')
    expect(print(customer(''), 'de')).toBe('de')
    expect(print(customer(undefined), undefined)).toBe('en')
  })
})

describe('docFormat', () => {
  it('writes money, dates and rates in the document’s language, not the interface’s', () => {
    expect(docFormat('de').money(123450, 'EUR')).toBe('1.234,50\u00a0€')
    expect(docFormat('de').date('2026-03-02')).toBe('02.03.2026')
    expect(docFormat('fr').percent(5.5)).toMatch(/^5,5\s%$/)
    expect(docFormat('en').percent(19)).toBe('19%')
    expect(docFormat('en').date('2026-03-02')).toBe('Mar 2, 2026')
    // Arabic keeps Latin digits.
    expect(docFormat('ar').money(123450, 'EUR')).toMatch(/1,234\.50/)
    expect(docFormat('de').country('DK')).toBe('Dänemark')
    expect(docFormat('de').upper('Rechnungsempfänger')).toBe('RECHNUNGSEMPFÄNGER')
  })
})

import { describe, expect, it } from 'vitest'
import { amountProblem, formatMoney, parseMajor, toInputAmount, toMajor } from '@/billing/format'
import { toCsv } from '@/billing/csv'
import { newRecordId, isRecordId } from '@/billing/ids'
import { aging } from '@/billing/aging'
import { invoiceActions, invoiceDisplayStatus, quoteActions } from '@/billing/status'
import type { Invoice } from '@/billing/types'

describe('money in major units', () => {
  it.each([
    [0, 'EUR', '0.00'],
    [5, 'EUR', '0.05'],
    [123456, 'EUR', '1234.56'],
    [-250, 'USD', '-2.50'],
    [1500, 'JPY', '1500'],
  ])('%d %s is %s', (cents, currency, major) => {
    expect(toMajor(cents, currency)).toBe(major)
  })

  it.each([
    ['12.5', 'EUR', 1250],
    ['1,234.50', 'EUR', 123450],
    ['0.01', 'EUR', 1],
    ['1500', 'JPY', 1500],
    [' 7 ', 'EUR', 700],
    // How most of Europe writes money.
    ['12,50', 'EUR', 1250],
    ['12,5', 'EUR', 1250],
    ['1.234,50', 'EUR', 123450],
    ['1 234,50', 'EUR', 123450],
    ['1\u202f234,50', 'EUR', 123450],
    ['1,250,000', 'EUR', 125000000],
    ['1.250.000,00', 'EUR', 125000000],
  ])('parses %s %s as %d', (input, currency, cents) => {
    expect(parseMajor(input, currency)).toBe(cents)
  })

  it.each([
    ['12.345'],
    ['-1'],
    ['1e3'],
    ['abc'],
    [''],
    ['1.2.3'],
    // 1250 or 1.25? Refused rather than guessed.
    ['1,250'],
    ['1,2,3'],
    ['1,234,5'],
    ['1.234.50'],
  ])('refuses %s', (input) => {
    expect(parseMajor(input, 'EUR')).toBeNull()
  })

  it('says why an amount is refused: an ambiguous comma gets its own sentence', () => {
    expect(amountProblem('1,250', 'EUR', '12.50')).toBe(
      '“1,250” could be 1250 or 1.25: write it without the comma, or with a point for the decimals',
    )
    expect(amountProblem('abc', 'EUR', '12.50')).toBe('Enter an amount like 12.50')
    expect(amountProblem('12,50', 'EUR', '12.50')).toBeNull()
  })

  it('formats with the currency sign', () => {
    expect(formatMoney(119940, 'EUR', 'en')).toBe('€1,199.40')
  })
})

describe('CSV', () => {
  it('has a BOM, CRLF lines, RFC 4180 quoting and no formulas', () => {
    const csv = toCsv(
      [{ a: 'x,y', b: 'say "hi"', c: '=SUM(A1)', d: 12.5 }],
      [
        { header: 'A', value: (r) => r.a },
        { header: 'B', value: (r) => r.b },
        { header: 'C', value: (r) => r.c },
        { header: 'D', value: (r) => r.d },
      ],
    )
    expect(csv).toBe('\uFEFFA,B,C,D\r\n"x,y","say ""hi""",\'=SUM(A1),12.5\r\n')
  })
})

describe('record ids made on this device', () => {
  it('are 15 characters of a-z0-9, even when the random source gives bytes to skip', () => {
    let n = 0
    const id = newRecordId((len) => Uint8Array.from({ length: len }, () => (n++ % 2 ? 255 : n)))
    expect(isRecordId(id)).toBe(true)
    expect(new Set(Array.from({ length: 200 }, () => newRecordId())).size).toBe(200)
  })
})

const invoice = (over: Partial<Invoice>): Invoice =>
  ({
    status: 'sent',
    balance_cents: 1000,
    paid_cents: 0,
    due_date: '2026-11-01 00:00:00.000Z',
    ...over,
  }) as Invoice

describe('derived statuses and actions', () => {
  const today = '2026-11-22'
  it('an open invoice past its due date is overdue; a paid one never is', () => {
    expect(invoiceDisplayStatus(invoice({}), today)).toBe('overdue')
    expect(invoiceDisplayStatus(invoice({ status: 'paid', balance_cents: 0 }), today)).toBe('paid')
    expect(invoiceDisplayStatus(invoice({ due_date: '2026-11-22 00:00:00.000Z' }), today)).toBe(
      'sent',
    )
  })

  it('buckets open balances by days late', () => {
    expect(
      aging(
        [
          invoice({ due_date: '2026-12-01' }),
          invoice({ due_date: '2026-11-21' }),
          invoice({ due_date: '2026-09-01', balance_cents: 5 }),
          invoice({ status: 'paid', balance_cents: 0 }),
          invoice({ status: 'draft' }),
        ],
        today,
      ),
    ).toEqual({ not_due: 1000, d1_30: 1000, d31_60: 0, d61_90: 5, d90_plus: 0 })
  })

  it('offers only what the server allows', () => {
    expect(invoiceActions(invoice({ status: 'partial', paid_cents: 5 }))).not.toContain('void')
    expect(invoiceActions(invoice({ status: 'partial', paid_cents: 5 }))).not.toContain('edit')
    expect(invoiceActions(invoice({ status: 'sent' }))).toContain('void')
    expect(invoiceActions(invoice({ status: 'draft' }))).toContain('delete')
    expect(quoteActions({ status: 'sent', expiry_date: '2026-01-01' }, today)).not.toContain(
      'accept',
    )
    expect(quoteActions({ status: 'converted', expiry_date: '' }, today)).toEqual(['duplicate'])
  })
})

describe('amounts to edit, in the interface language', () => {
  it.each([
    ['en', 123450, 'EUR', '1234.50'],
    ['de', 123450, 'EUR', '1234,50'],
    ['fr', 123450, 'EUR', '1234,50'],
    ['es', 5, 'EUR', '0,05'],
    ['ar-u-nu-latn', 123450, 'EUR', '1234.50'],
    ['de', 1250, 'JPY', '1250'],
    ['de', 12500, 'KWD', '12,500'],
    ['de', -1999, 'EUR', '-19,99'],
  ])('%s: %i %s → %s, read back exactly', (locale, cents, currency, text) => {
    expect(toInputAmount(cents, currency, locale)).toBe(text)
    if (cents >= 0) expect(parseMajor(text, currency, locale)).toBe(cents)
  })
})

describe('amounts as people type them, by the interface language', () => {
  // [typed, en-US, en-GB, de-DE, fr-FR, de-CH] → cents of EUR (null: refused, with a question)
  const table: Array<[string, ...(number | null)[]]> = [
    ['12.50', 1250, 1250, 1250, 1250, 1250],
    ['12,50', 1250, 1250, 1250, 1250, 1250],
    ['1,234.50', 123450, 123450, 123450, 123450, 123450],
    ['1.234,50', 123450, 123450, 123450, 123450, 123450],
    ['1 234,50', 123450, 123450, 123450, 123450, 123450],
    ['1’234.50', 123450, 123450, 123450, 123450, 123450],
    // A lone mark before 3 digits: the language's decimal mark is decimal; the other one asks.
    ['1,250', null, null, 125, 125, null],
    ['1.250', 125, 125, null, null, 125],
    ['1,2345', null, null, null, null, null],
    ['abc', null, null, null, null, null],
  ]
  const locales = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'de-CH']
  it.each(table)('%s', (typed, ...expected) => {
    locales.forEach((locale, i) =>
      expect({ locale, cents: parseMajor(typed, 'EUR', locale) }).toEqual({
        locale,
        cents: expected[i],
      }),
    )
  })

  it('asks about the other mark, in the sentence of the language', () => {
    expect(amountProblem('1,250', 'EUR', '12.50', 'amount', 'en-US')).toBe(
      '“1,250” could be 1250 or 1.25: write it without the comma, or with a point for the decimals',
    )
    expect(amountProblem('1.250', 'EUR', '12,50', 'amount', 'de-DE')).toBe(
      '“1.250” could be 1250 or 1,25: write it without the point, or with a comma for the decimals',
    )
    expect(amountProblem('1,250', 'EUR', '12,50', 'amount', 'de-DE')).toBeNull()
  })
})

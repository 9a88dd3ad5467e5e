import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { computeTotals, TotalsError, type LineInput, type Totals } from '@/billing/money/totals'

interface Vector {
  name: string
  items: LineInput[]
  discount_percent: number
  expected: Totals
}

// The same file drives the Go twin's test (server/internal/money/decide_totals_test.go).
const vectors = JSON.parse(
  readFileSync(new URL('../../vectors/totals.json', import.meta.url), 'utf8'),
) as Vector[]

describe('computeTotals, the TypeScript twin of the server rule', () => {
  it('has the shared vectors', () => {
    expect(vectors.length).toBeGreaterThan(10)
  })

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    expect(computeTotals(v.items, v.discount_percent)).toEqual(v.expected)
  })

  it.each([
    [
      [{ quantity: 0, unit_price_cents: 100, discount_percent: 0, tax_rate: 0 }],
      0,
      'Line 1: the quantity must be more than 0.',
    ],
    [
      [{ quantity: 1.0005, unit_price_cents: 100, discount_percent: 0, tax_rate: 0 }],
      0,
      'Line 1: the quantity can have at most 3 decimals.',
    ],
    [
      [{ quantity: 1, unit_price_cents: 100, discount_percent: 0, tax_rate: 120 }],
      0,
      'Line 1: the tax rate must be from 0 to 100.',
    ],
    [
      [{ quantity: 1, unit_price_cents: -500, discount_percent: 0, tax_rate: 0 }],
      0,
      "The total can't be negative. Lower the deductions or the discount.",
    ],
    [[], 101, 'The discount must be a percentage from 0 to 100 with at most 2 decimals.'],
  ])('refuses bad input with the server message: %#', (items, discount, message) => {
    expect(() => computeTotals(items, discount)).toThrow(TotalsError)
    expect(() => computeTotals(items, discount)).toThrow(message)
  })
})

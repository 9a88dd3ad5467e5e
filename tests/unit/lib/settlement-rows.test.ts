// The rows under an invoice's total: the same cases as the server's decideSettlementRows
// (tests/vectors/settlement-rows.json), and the words and signs the sheet and the PDF print.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { settlementLines, settlementRows, type SettlementRow } from '@/billing/settlement-rows'
import { docFormat } from '@/billing/doc-format'
import type { SettlementInput } from '@/billing/credits'
import { t } from '@/lib/i18n'
import { invoiceFixture } from './pdf-fixture'

interface Vectors {
  cases: Array<SettlementInput & { name: string; want: SettlementRow[] }>
}
const vectors = JSON.parse(
  readFileSync(new URL('../../vectors/settlement-rows.json', import.meta.url), 'utf8'),
) as Vectors

describe('settlementRows', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const rows = settlementRows(c)
    expect(rows).toEqual(c.want)
    if (rows.length) {
      const before = rows.slice(0, -1).reduce((sum, r) => sum + r.cents, c.total_cents)
      expect(before).toBe(rows.at(-1)?.cents)
    }
  })
})

describe('settlementLines', () => {
  const dt = (key: string) => t(key as never)
  it('paid, credited and refunded: the column adds up to nothing due, with a plus for the refund', () => {
    const doc = invoiceFixture({
      total_cents: 499775,
      paid_cents: 499775,
      credited_cents: 37485,
      refunded_cents: 37485,
      credit_cents: 0,
      balance_cents: 0,
      status: 'paid',
    })
    expect(settlementLines(doc, docFormat('en'), dt)).toEqual([
      { label: 'Paid', amount: '−€4,997.75', cents: -499775, last: false },
      { label: 'Credited', amount: '−€374.85', cents: -37485, last: false },
      { label: 'Credit refunded or used', amount: '+€374.85', cents: 37485, last: false },
      { label: 'Balance due', amount: '€0.00', cents: 0, last: true },
    ])
  })

  it('credit not given back yet: the last row is the credit in the customer’s favour', () => {
    const doc = invoiceFixture({
      total_cents: 10000,
      paid_cents: 10000,
      credited_cents: 2500,
      refunded_cents: 0,
      credit_cents: 2500,
      balance_cents: 0,
      status: 'paid',
    })
    expect(settlementLines(doc, docFormat('en'), dt).at(-1)).toEqual({
      label: 'Credit in your favour',
      amount: '−€25.00',
      cents: -2500,
      last: true,
    })
  })

  it('a quote or an invoice with nothing paid prints no rows', () => {
    expect(settlementLines(invoiceFixture({ kind: 'quote' }), docFormat('en'), dt)).toEqual([])
    expect(
      settlementLines(invoiceFixture({ paid_cents: 0, credited_cents: 0 }), docFormat('en'), dt),
    ).toEqual([])
  })
})

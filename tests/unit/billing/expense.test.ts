import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decideExpense, type ExpenseTotals } from '@/billing/expense'

/** The expense rules' cases, shared with the server's Go tests (decide_expense_test.go). */
interface Vector {
  name: string
  currency: string
  lines: unknown
  want?: ExpenseTotals
  refusal?: { code: string; params?: Record<string, number | string> }
}

const vectors = (
  JSON.parse(readFileSync('tests/vectors/expenses.json', 'utf8')) as { cases: Vector[] }
).cases

describe('decideExpense (tests/vectors/expenses.json)', () => {
  it('has the shared cases', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(20)
  })

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const got = decideExpense(v.lines, v.currency)
    if (v.refusal) {
      // The server also writes the computed VAT out ("1.60 EUR"); the app formats amount_cents.
      const { amount: _written, ...params } = v.refusal.params ?? {}
      expect(got).toEqual({
        ok: false,
        problem: Object.keys(params).length
          ? { code: v.refusal.code, params }
          : { code: v.refusal.code },
      })
    } else {
      expect(got).toEqual({ ok: true, ...v.want })
    }
  })
})

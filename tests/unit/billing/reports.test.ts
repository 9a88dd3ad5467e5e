import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  decideAging,
  decidePeriod,
  decideProfit,
  decideVAT,
  type AgingReport,
  type Books,
  type ProfitReport,
  type ReportInvoice,
  type ReportPeriod,
  type VATReport,
} from '@/billing/reports'

/** The reports' cases, shared with the server's Go tests (server/internal/reports/vectors_test.go). */
interface Vectors {
  period: Array<{
    name: string
    kind: string
    date: string
    today: string
    want: ReportPeriod | null
    code?: string
  }>
  vat: Array<{ name: string; period: ReportPeriod; books: Books; want: VATReport }>
  profit: Array<{ name: string; period: ReportPeriod; books: Books; want: ProfitReport }>
  aging: Array<{ name: string; today: string; invoices: ReportInvoice[]; want: AgingReport }>
}

const vectors = JSON.parse(
  readFileSync(new URL('../../vectors/reports.json', import.meta.url), 'utf8'),
) as Vectors

describe('decidePeriod (tests/vectors/reports.json)', () => {
  it.each(vectors.period.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(decidePeriod(c.kind, c.date, c.today)).toEqual(c.want ?? { problem: c.code })
  })
})

describe('decideVAT (tests/vectors/reports.json)', () => {
  it.each(vectors.vat.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(decideVAT(c.books, c.period)).toEqual(c.want)
  })
})

describe('decideProfit (tests/vectors/reports.json)', () => {
  it.each(vectors.profit.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(decideProfit(c.books, c.period)).toEqual(c.want)
  })
})

describe('decideAging (tests/vectors/reports.json)', () => {
  it.each(vectors.aging.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(decideAging(c.invoices, c.today)).toEqual(c.want)
  })
})

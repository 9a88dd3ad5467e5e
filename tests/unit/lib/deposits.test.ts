import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  decideDepositNets,
  decideFinal,
  type FinalDeduction,
  type FinalDeposit,
} from '@/billing/deposits'
import type { TaxBreakdownRow } from '@/billing/types'

/** The deposit and final rules' cases, shared with the server's Go tests (decide_final_test.go). */
interface Vectors {
  final: Array<{
    name: string
    work: TaxBreakdownRow[]
    work_total_cents: number
    deposits: FinalDeposit[]
    want: FinalDeduction | null
    code?: string
  }>
  deposit: Array<{
    name: string
    work: TaxBreakdownRow[]
    work_total_cents: number
    percent: number
    amount_cents: number
    want: Array<{ rate: number; net_cents: number }> | null
    code?: string
  }>
}

const vectors = JSON.parse(
  readFileSync(new URL('../../vectors/deposits.json', import.meta.url), 'utf8'),
) as Vectors

describe('decideFinal (tests/vectors/deposits.json)', () => {
  it.each(vectors.final.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got = decideFinal(c.work, c.work_total_cents, c.deposits)
    expect(got).toEqual(c.want ?? { problem: c.code })
  })
})

describe('decideDepositNets (tests/vectors/deposits.json)', () => {
  it.each(vectors.deposit.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got = decideDepositNets(c.work, c.work_total_cents, {
      percent: c.percent,
      amount_cents: c.amount_cents,
    })
    expect(got).toEqual(c.want ?? { problem: c.code })
  })
})

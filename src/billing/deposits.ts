/**
 * Deposit and final invoices: the twin of the server's decideFinal and decideDepositNets
 * (server/internal/billing/decide_final.go). Both pass tests/vectors/deposits.json. A final
 * invoice lists the whole work and deducts what each deposit brought in, rate by rate, so the
 * VAT it charges is the work's VAT less the deposits' VAT (§14(5) UStG, Art. 289 CGI).
 */
import { rateKey } from './credits'
import { allocate, divRound } from './money/totals'
import type { TaxBreakdownRow } from './types'

/** A deposit invoice as the final invoice reads it. */
export interface FinalDeposit {
  id: string
  number: string
  issue_date: string
  breakdown: TaxBreakdownRow[]
  /** Its credit notes' breakdowns (any order, any number of rows per rate). */
  credited: TaxBreakdownRow[]
  paid_cents: number
}

/** What the final invoice deducts for one deposit. */
export interface DeductedDeposit {
  id: string
  number: string
  issue_date: string
  rows: TaxBreakdownRow[]
  gross_cents: number
}

/** One VAT rate of a final invoice: the work, the deduction, what is still charged. */
export interface FinalRow {
  rate: number
  net_cents: number
  tax_cents: number
  deducted_net_cents: number
  deducted_tax_cents: number
  due_net_cents: number
  due_tax_cents: number
}

/** The deduction a final invoice stores (its `deposits` field) and shows. */
export interface FinalDeduction {
  deposits: DeductedDeposit[]
  rows: FinalRow[]
  deducted_cents: number
  due_tax_cents: number
}

export type DepositProblem =
  'folio_deposits_exceed_work' | 'folio_deposit_no_work' | 'folio_deposit_invalid'

const mulDivRound = (a: number, b: number, d: number): number =>
  Number(divRound(BigInt(a) * BigInt(b), BigInt(d)))

/** What one deposit brought in, per rate: its breakdown less its credits, of that what was paid. */
function depositBrought(d: FinalDeposit): DeductedDeposit {
  const credited = new Map<number, { net: number; tax: number }>()
  for (const c of d.credited) {
    const was = credited.get(rateKey(c.rate)) ?? { net: 0, tax: 0 }
    credited.set(rateKey(c.rate), { net: was.net + c.net_cents, tax: was.tax + c.tax_cents })
  }
  let left = d.breakdown.map((b) => {
    const c = credited.get(rateKey(b.rate)) ?? { net: 0, tax: 0 }
    return {
      rate: b.rate,
      net_cents: Math.max(b.net_cents - c.net, 0),
      tax_cents: Math.max(b.tax_cents - c.tax, 0),
    }
  })
  const gross = left.map((g) => g.net_cents + g.tax_cents)
  const whole = gross.reduce((a, b) => a + b, 0)
  const out: DeductedDeposit = {
    id: d.id,
    number: d.number,
    issue_date: d.issue_date,
    rows: [],
    gross_cents: 0,
  }
  const received = Math.min(Math.max(d.paid_cents, 0), whole)
  if (received === 0) return out
  if (received < whole) {
    const shares = allocate(BigInt(received), gross.map(BigInt), BigInt(whole)).map(Number)
    left = left.map((g, i) => {
      const share = shares[i] ?? 0
      const g0 = gross[i] ?? 0
      const tax = g0 > 0 ? mulDivRound(share, g.tax_cents, g0) : 0
      return { rate: g.rate, net_cents: share - tax, tax_cents: tax }
    })
  }
  for (const g of left) {
    if (g.net_cents === 0 && g.tax_cents === 0) continue
    out.rows.push(g)
    out.gross_cents += g.net_cents + g.tax_cents
  }
  return out
}

/** What a final invoice deducts from its work; throws nothing, answers a problem code instead. */
export function decideFinal(
  work: readonly TaxBreakdownRow[],
  workTotalCents: number,
  deposits: readonly FinalDeposit[],
): FinalDeduction | { problem: DepositProblem } {
  const rows = new Map<number, FinalRow>()
  const row = (rate: number): FinalRow => {
    const k = rateKey(rate)
    let r = rows.get(k)
    if (!r) {
      r = {
        rate,
        net_cents: 0,
        tax_cents: 0,
        deducted_net_cents: 0,
        deducted_tax_cents: 0,
        due_net_cents: 0,
        due_tax_cents: 0,
      }
      rows.set(k, r)
    }
    return r
  }
  for (const w of work) {
    const r = row(w.rate)
    r.net_cents += w.net_cents
    r.tax_cents += w.tax_cents
  }
  const out: FinalDeduction = { deposits: [], rows: [], deducted_cents: 0, due_tax_cents: 0 }
  for (const d of deposits) {
    const b = depositBrought(d)
    if (b.gross_cents === 0) continue
    out.deposits.push(b)
    out.deducted_cents += b.gross_cents
    for (const g of b.rows) {
      const r = row(g.rate)
      r.deducted_net_cents += g.net_cents
      r.deducted_tax_cents += g.tax_cents
    }
  }
  if (out.deducted_cents > workTotalCents) return { problem: 'folio_deposits_exceed_work' }
  for (const k of [...rows.keys()].sort((a, b) => a - b)) {
    const r = rows.get(k)
    if (!r) continue
    r.due_net_cents = r.net_cents - r.deducted_net_cents
    r.due_tax_cents = r.tax_cents - r.deducted_tax_cents
    out.due_tax_cents += r.due_tax_cents
    out.rows.push(r)
  }
  return out
}

/**
 * The nets per rate of a deposit invoice: a percentage (two decimals at most) of each rate's
 * net, or an amount (gross) shared over the rates by gross and taken back to each rate's net.
 */
export function decideDepositNets(
  work: readonly TaxBreakdownRow[],
  workTotalCents: number,
  req: { percent: number; amount_cents: number },
): Array<{ rate: number; net_cents: number }> | { problem: DepositProblem } {
  if (work.length === 0 || workTotalCents <= 0) return { problem: 'folio_deposit_no_work' }
  let out: Array<{ rate: number; net_cents: number }>
  if (req.amount_cents === 0 && req.percent > 0 && req.percent <= 100) {
    const bp = Math.round(req.percent * 100)
    if (Math.abs(bp - req.percent * 100) > 1e-6 || bp === 0)
      return { problem: 'folio_deposit_invalid' }
    out = work.map((w) => ({ rate: w.rate, net_cents: mulDivRound(w.net_cents, bp, 10000) }))
  } else if (req.percent === 0 && req.amount_cents > 0 && req.amount_cents <= workTotalCents) {
    const gross = work.map((w) => w.net_cents + w.tax_cents)
    const whole = gross.reduce((a, b) => a + b, 0)
    const shares = allocate(BigInt(req.amount_cents), gross.map(BigInt), BigInt(whole)).map(Number)
    out = work.map((w, i) => ({
      rate: w.rate,
      net_cents: mulDivRound(shares[i] ?? 0, 100_000, 100_000 + rateKey(w.rate)),
    }))
  } else {
    return { problem: 'folio_deposit_invalid' }
  }
  out = out.filter((g) => g.net_cents !== 0)
  return out.length ? out : { problem: 'folio_deposit_invalid' }
}

/**
 * The TypeScript twin of server/internal/money/decide_totals.go: the editors preview totals with
 * it; the server recomputes and decides. Both pass tests/vectors/totals.json. Integer minor units,
 * exact arithmetic (BigInt), one rounding rule everywhere: half away from zero.
 */

import { t, type MessageValues } from '@/lib/i18n'

export const MAX_LINES = 200
export const MAX_QUANTITY = 100_000
export const MAX_UNIT_PRICE_CENTS = 90_000_000

export interface LineInput {
  quantity: number
  unit_price_cents: number
  discount_percent: number
  tax_rate: number
}

export interface TaxGroup {
  rate: number
  net_cents: number
  tax_cents: number
}

export interface Totals {
  lines_net_cents: number[]
  subtotal_cents: number
  discount_cents: number
  tax_cents: number
  total_cents: number
  tax_breakdown: TaxGroup[]
}

/** What is wrong with a line (1-based) or with the document (line 0), in the server's words. */
export class TotalsError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    problem: TotalsProblem,
    values?: MessageValues,
  ) {
    const message = t(`billing.totals.${problem}`, values)
    super(line > 0 ? t('billing.totals.line', { line, problem: message }) : message)
  }
}

type TotalsProblem =
  | 'quantityMin'
  | 'quantityMax'
  | 'quantityDecimals'
  | 'taxRateRange'
  | 'taxRateDecimals'
  | 'maxLines'
  | 'documentDiscount'
  | 'unitPriceTooLarge'
  | 'lineDiscount'
  | 'negativeTotal'

const NEGATIVE_TOTAL: TotalsProblem = 'negativeTotal'

/** n / d rounded half away from zero, for d > 0. */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d // truncates toward zero
  const r = n % d
  const twice = (r < 0n ? -r : r) * 2n
  if (twice >= d) return n < 0n ? q - 1n : q + 1n
  return q
}

/** v × factor as an integer when v has no more decimals than factor allows (within 1e-6). */
function scaled(v: number, factor: number): bigint | null {
  const x = v * factor
  const r = Math.round(x)
  // Go rounds half away from zero; Math.round rounds half up: they differ only for negatives,
  // which every caller refuses before.
  if (Math.abs(x - r) > 1e-6) return null
  return BigInt(r)
}

function quantityMilli(q: number, line: number): bigint {
  if (Number.isNaN(q) || q <= 0) throw new TotalsError(line, 'quantity', 'quantityMin')
  if (q > MAX_QUANTITY)
    throw new TotalsError(line, 'quantity', 'quantityMax', { max: MAX_QUANTITY })
  const m = scaled(q, 1000)
  if (m === null) throw new TotalsError(line, 'quantity', 'quantityDecimals')
  return m
}

function basisPoints(p: number): bigint | null {
  if (Number.isNaN(p) || p < 0 || p > 100) return null
  return scaled(p, 100)
}

function rateMilli(r: number, line: number): bigint {
  if (Number.isNaN(r) || r < 0 || r > 100) throw new TotalsError(line, 'tax_rate', 'taxRateRange')
  const m = scaled(r, 1000)
  if (m === null) throw new TotalsError(line, 'tax_rate', 'taxRateDecimals')
  return m
}

/** A 0–100 tax rate with at most 3 decimals in thousandths of a percent (19 → 19000n), else null. */
export function taxRateMilli(r: number): bigint | null {
  if (Number.isNaN(r) || r < 0 || r > 100) return null
  return scaled(r, 1000)
}

/** Shares `amount` over `parts` in proportion (largest remainder; ties to the earlier part). */
export function allocate(amount: bigint, parts: bigint[], whole: bigint): bigint[] {
  const shares = parts.map(() => 0n)
  if (amount === 0n || whole === 0n) return shares
  let left = amount
  const rems = parts.map((p, i) => {
    const num = amount * p
    // Euclidean division, as Go's big.Int DivMod: floor for whole > 0, 0 ≤ r < whole.
    let q = num / whole
    let r = num % whole
    if (r < 0n) {
      q -= 1n
      r += whole
    }
    shares[i] = q
    left -= q
    return { i, r }
  })
  rems.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))
  for (let k = 0; left > 0n && k < rems.length; k++) {
    const at = rems[k]?.i ?? 0
    shares[at] = (shares[at] ?? 0n) + 1n
    left -= 1n
  }
  return shares
}

/** A document's amounts from its lines; throws TotalsError for input the server would refuse. */
export function computeTotals(lines: readonly LineInput[], discountPercent: number): Totals {
  if (lines.length > MAX_LINES) throw new TotalsError(0, 'items', 'maxLines', { max: MAX_LINES })
  const docBP = basisPoints(discountPercent)
  if (docBP === null) throw new TotalsError(0, 'discount_percent', 'documentDiscount')

  const linesNet: bigint[] = []
  let subtotal = 0n
  const groupNet = new Map<bigint, bigint>()
  lines.forEach((l, idx) => {
    const line = idx + 1
    const milli = quantityMilli(l.quantity, line)
    if (
      Math.abs(l.unit_price_cents) > MAX_UNIT_PRICE_CENTS ||
      !Number.isInteger(l.unit_price_cents)
    )
      throw new TotalsError(line, 'unit_price_cents', 'unitPriceTooLarge')
    const bp = basisPoints(l.discount_percent)
    if (bp === null) throw new TotalsError(line, 'discount_percent', 'lineDiscount')
    const rate = rateMilli(l.tax_rate, line)
    const net = divRound(milli * BigInt(l.unit_price_cents) * (10000n - bp), 1000n * 10000n)
    linesNet.push(net)
    subtotal += net
    groupNet.set(rate, (groupNet.get(rate) ?? 0n) + net)
  })
  if (subtotal < 0n) throw new TotalsError(0, 'items', NEGATIVE_TOTAL)

  const discount = divRound(subtotal * docBP, 10000n)
  const rates = [...groupNet.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const nets = rates.map((r) => groupNet.get(r) ?? 0n)
  const shares = allocate(discount, nets, subtotal)

  let tax = 0n
  const breakdown: TaxGroup[] = rates.map((r, i) => {
    const base = (nets[i] ?? 0n) - (shares[i] ?? 0n)
    const t = divRound(base * r, 100n * 1000n)
    tax += t
    return { rate: Number(r) / 1000, net_cents: Number(base), tax_cents: Number(t) }
  })
  const total = subtotal - discount + tax
  if (total < 0n) throw new TotalsError(0, 'items', NEGATIVE_TOTAL)
  return {
    lines_net_cents: linesNet.map(Number),
    subtotal_cents: Number(subtotal),
    discount_cents: Number(discount),
    tax_cents: Number(tax),
    total_cents: Number(total),
    tax_breakdown: breakdown,
  }
}

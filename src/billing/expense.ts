import { divRound, taxRateMilli } from './money/totals'

/**
 * An expense's VAT lines and totals: the twin of the server's decideExpense
 * (server/internal/billing/decide_expense.go). Both pass tests/vectors/expenses.json, so the
 * form shows the totals the server will store.
 *
 * Each line has a rate (0–100, at most 3 decimals) and the gross OR the net amount in whole
 * cents ≥ 0. The VAT is computed half away from zero: from gross, vat = round(gross × rate /
 * (100 + rate)) and net = gross − vat; from net, vat = round(net × rate / 100) and gross = net +
 * vat. A VAT amount given too (printed on the receipt) is kept within 1 cent of the computed one.
 * 1 to 10 lines, one per rate.
 */

/** The most VAT lines an expense has. */
export const EXPENSE_LINES_MAX = 10
/** The largest amount of a line, in cents. */
export const EXPENSE_AMOUNT_MAX = 100_000_000_000

/** One VAT line as stored: net + VAT = gross. */
export interface ExpenseLine {
  rate: number
  net_cents: number
  vat_cents: number
  gross_cents: number
}

/** A line as the form sends it: the rate and the gross or the net, the VAT when printed. */
export interface ExpenseLineInput {
  rate: number
  gross_cents?: number | null
  net_cents?: number | null
  vat_cents?: number | null
}

export interface ExpenseTotals {
  lines: ExpenseLine[]
  net_cents: number
  vat_cents: number
  total_cents: number
}

/** The server's refusal codes (src/locales/<lang>/server.json has their sentences). */
export type ExpenseRefusalCode =
  | 'folio_expense_lines_invalid'
  | 'folio_expense_lines_count'
  | 'folio_expense_rate_invalid'
  | 'folio_expense_rate_twice'
  | 'folio_expense_amount_invalid'
  | 'folio_expense_amount_missing'
  | 'folio_expense_vat_mismatch'
  | 'folio_expense_line_mismatch'

/**
 * What the server would refuse, with its params (line: 1-based; for a VAT too far off,
 * amount_cents and currency are the VAT computed — the server's message also writes it out).
 */
export interface ExpenseProblem {
  code: ExpenseRefusalCode
  params?: Record<string, number | string>
}

export type ExpenseDecision =
  ({ ok: true } & ExpenseTotals) | { ok: false; problem: ExpenseProblem }

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** An amount of a line: absent (undefined or null), a whole number of cents, or bad. */
function centsOf(v: unknown): { present: boolean; cents: bigint } | null {
  if (v === undefined || v === null) return { present: false, cents: 0n }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > EXPENSE_AMOUNT_MAX) return null
  return { present: true, cents: BigInt(v) }
}

/** Checks and completes an expense's VAT lines (`lines` as sent: anything JSON can hold). */
export function decideExpense(lines: unknown, currency: string): ExpenseDecision {
  const refuse = (
    code: ExpenseRefusalCode,
    params?: ExpenseProblem['params'],
  ): ExpenseDecision => ({
    ok: false,
    problem: params ? { code, params } : { code },
  })
  if (lines !== null && lines !== undefined && !Array.isArray(lines))
    return refuse('folio_expense_lines_invalid')
  const list: unknown[] = Array.isArray(lines) ? lines : []
  if (list.length === 0 || list.length > EXPENSE_LINES_MAX)
    return refuse('folio_expense_lines_count', { max: EXPENSE_LINES_MAX })
  const out: ExpenseTotals = { lines: [], net_cents: 0, vat_cents: 0, total_cents: 0 }
  const rates: bigint[] = []
  for (const [i, l] of list.entries()) {
    const line = i + 1
    if (!isRecord(l)) return refuse('folio_expense_lines_invalid')
    const milli = typeof l.rate === 'number' ? taxRateMilli(l.rate) : null
    if (milli === null) return refuse('folio_expense_rate_invalid', { line })
    if (rates.includes(milli)) return refuse('folio_expense_rate_twice', { line })
    rates.push(milli)
    const gross = centsOf(l.gross_cents)
    const net = centsOf(l.net_cents)
    const given = centsOf(l.vat_cents)
    if (!gross || !net || !given) return refuse('folio_expense_amount_invalid', { line })
    let computed: bigint
    if (gross.present) computed = divRound(gross.cents * milli, 100_000n + milli)
    else if (net.present) computed = divRound(net.cents * milli, 100_000n)
    else return refuse('folio_expense_amount_missing', { line })
    let vat = computed
    if (given.present) {
      const off = given.cents - computed
      if (off > 1n || off < -1n)
        return refuse('folio_expense_vat_mismatch', {
          line,
          amount_cents: Number(computed),
          currency,
        })
      vat = given.cents
    }
    let n = net.cents
    let g = gross.cents
    if (gross.present && net.present) {
      if (n + vat !== g) return refuse('folio_expense_line_mismatch', { line })
    } else if (gross.present) n = g - vat
    else g = n + vat
    if (n < 0n || g > BigInt(EXPENSE_AMOUNT_MAX))
      return refuse('folio_expense_line_mismatch', { line })
    out.lines.push({
      rate: Number(milli) / 1000,
      net_cents: Number(n),
      vat_cents: Number(vat),
      gross_cents: Number(g),
    })
    out.net_cents += Number(n)
    out.vat_cents += Number(vat)
    out.total_cents += Number(g)
  }
  return { ok: true, ...out }
}

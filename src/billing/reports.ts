/**
 * The reports' rules: the twin of the server's decidePeriod, decideVAT, decideProfit and
 * decideAging (server/internal/reports). Both pass tests/vectors/reports.json. Amounts are integer
 * cents; dates are YYYY-MM-DD (a stored date may carry a time; only its day counts).
 */
import { rateKey } from './credits'
import { daysBetween } from './format'
import { divRound } from './money/totals'
import type { TaxBreakdownRow } from './types'

export type PeriodKind = 'month' | 'quarter' | 'year'

export const PERIOD_KINDS: readonly PeriodKind[] = ['month', 'quarter', 'year']

/** The days a report covers (both included) and the first days of the periods around it. */
export interface ReportPeriod {
  kind: PeriodKind
  from: string
  to: string
  previous: string
  next: string
}

export type PeriodProblem = 'folio_report_period' | 'folio_report_date'

export interface ReportInvoice {
  id: string
  number: string
  customer_name: string
  status: string
  kind: string
  issue_date: string
  due_date: string
  currency: string
  breakdown: TaxBreakdownRow[] | null
  /** A final invoice: its stored due rows (the net and VAT it charges per rate). */
  due?: TaxBreakdownRow[]
  balance_cents: number
}

/** A payment on a deposit invoice: its date, what came in (less returned), the deposit's figures. */
export interface ReportDepositPayment {
  invoice: string
  date: string
  amount_cents: number
  status: string
  currency: string
  breakdown: TaxBreakdownRow[] | null
}

export interface ReportCreditNote {
  id: string
  number: string
  issue_date: string
  currency: string
  breakdown: TaxBreakdownRow[] | null
}

export interface ReportVATLine {
  rate: number
  net_cents: number
  vat_cents: number
  gross_cents: number
}

export interface ReportExpense {
  id: string
  date: string
  currency: string
  category: string
  vat_lines: ReportVATLine[] | null
}

export interface Books {
  invoices: ReportInvoice[]
  credit_notes: ReportCreditNote[]
  expenses: ReportExpense[]
  /** The period's payments on deposit invoices, whenever those were issued. */
  deposit_payments?: ReportDepositPayment[]
}

export interface VATRow {
  rate: number
  collected_net_cents: number
  collected_vat_cents: number
  paid_net_cents: number
  paid_vat_cents: number
  difference_cents: number
}

export interface VATCurrency {
  currency: string
  rows: VATRow[]
  collected_vat_cents: number
  paid_vat_cents: number
  /** Positive: VAT to pay; negative: VAT to get back. */
  difference_cents: number
}

export interface VATReport {
  currencies: VATCurrency[]
}

export interface ProfitCurrency {
  currency: string
  invoiced_cents: number
  credited_cents: number
  income_cents: number
  expenses: Array<{ category: string; net_cents: number }>
  expenses_cents: number
  profit_cents: number
}

export interface ProfitReport {
  currencies: ProfitCurrency[]
}

export const AGING_BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const
export type AgingBucketName = (typeof AGING_BUCKETS)[number]

export interface AgingInvoice {
  id: string
  number: string
  customer_name: string
  issue_date: string
  due_date: string
  balance_cents: number
  days_late: number
}

export interface AgingCurrency {
  currency: string
  total_cents: number
  buckets: Array<{ bucket: AgingBucketName; cents: number; invoices: AgingInvoice[] }>
}

export interface AgingReport {
  today: string
  currencies: AgingCurrency[]
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

const iso = (y: number, m: number, d: number): string =>
  new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10)

/** The month, quarter or year ('' = quarter) holding date ('' = today, the business's date). */
export function decidePeriod(
  kind: string,
  date: string,
  today: string,
): ReportPeriod | { problem: PeriodProblem } {
  const k = kind === '' ? 'quarter' : kind
  const m = DAY.exec(date === '' ? today : date)
  if (!m) return { problem: 'folio_report_date' }
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
  if (y < 1900 || y > 9998 || iso(y, mo, d) !== m[0]) return { problem: 'folio_report_date' }
  let from: number
  let months: number
  switch (k) {
    case 'month':
      ;[from, months] = [mo, 1]
      break
    case 'quarter':
      ;[from, months] = [Math.floor(mo / 3) * 3, 3]
      break
    case 'year':
      ;[from, months] = [0, 12]
      break
    default:
      return { problem: 'folio_report_period' }
  }
  return {
    kind: k,
    from: iso(y, from, 1),
    to: iso(y, from + months, 0),
    previous: iso(y, from - months, 1),
    next: iso(y, from + months, 1),
  }
}

const day = (stored: string): string => (stored.length < 10 ? '' : stored.slice(0, 10))

const holds = (p: Pick<ReportPeriod, 'from' | 'to'>, stored: string): boolean => {
  const d = day(stored)
  return d !== '' && d >= p.from && d <= p.to
}

/** An invoice counts in the books once issued: not a draft, not void. */
export const issued = (status: string): boolean =>
  status !== '' && status !== 'draft' && status !== 'void'

/**
 * What an invoice charges on its issue date per rate: a deposit nothing (its VAT counts as its
 * payments come in), a final invoice its stored due rows (the VAT the document states), any other
 * its breakdown.
 */
function charged(inv: ReportInvoice): TaxBreakdownRow[] {
  if (inv.kind === 'deposit') return []
  if (inv.kind === 'final' && inv.due) return inv.due
  return inv.breakdown ?? []
}

const mulDivRound = (a: number, b: number, d: number): number =>
  Number(divRound(BigInt(a) * BigInt(b), BigInt(d)))

/**
 * The VAT inside one payment on a deposit, per rate: each rate's net and VAT × paid / gross,
 * rounded half away from zero, the last rate's net taking the rest so the parts add up to the
 * payment exactly.
 */
function inPayment(pay: ReportDepositPayment): TaxBreakdownRow[] {
  const rows = pay.breakdown ?? []
  const gross = rows.reduce((s, g) => s + g.net_cents + g.tax_cents, 0)
  if (gross <= 0 || pay.amount_cents <= 0) return []
  let left = pay.amount_cents
  return rows.map((g, i) => {
    const tax = mulDivRound(g.tax_cents, pay.amount_cents, gross)
    const net =
      i === rows.length - 1 ? left - tax : mulDivRound(g.net_cents, pay.amount_cents, gross)
    left -= net + tax
    return { rate: g.rate, net_cents: net, tax_cents: tax }
  })
}

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The VAT of a period per currency and rate: collected, paid and the difference. A deposit's VAT
 * counts per payment on the payment's date (Art. 65 Directive 2006/112/EC: chargeable on receipt,
 * on the amount received); the final invoice counts the VAT it states on its issue date.
 */
export function decideVAT(b: Books, p: Pick<ReportPeriod, 'from' | 'to'>): VATReport {
  const rows = new Map<string, { cur: string; key: number; row: VATRow }>()
  const row = (cur: string, rate: number): VATRow => {
    const id = `${cur} ${rateKey(rate)}`
    let r = rows.get(id)
    if (!r) {
      r = {
        cur,
        key: rateKey(rate),
        row: {
          rate,
          collected_net_cents: 0,
          collected_vat_cents: 0,
          paid_net_cents: 0,
          paid_vat_cents: 0,
          difference_cents: 0,
        },
      }
      rows.set(id, r)
    }
    return r.row
  }
  const collect = (cur: string, groups: readonly TaxBreakdownRow[], sign: number): void => {
    for (const g of groups) {
      const r = row(cur, g.rate)
      r.collected_net_cents += sign * g.net_cents
      r.collected_vat_cents += sign * g.tax_cents
    }
  }
  for (const inv of b.invoices) {
    if (issued(inv.status) && holds(p, inv.issue_date)) collect(inv.currency, charged(inv), 1)
  }
  for (const pay of b.deposit_payments ?? []) {
    if (issued(pay.status) && holds(p, pay.date)) collect(pay.currency, inPayment(pay), 1)
  }
  for (const cn of b.credit_notes) {
    if (holds(p, cn.issue_date)) collect(cn.currency, cn.breakdown ?? [], -1)
  }
  for (const ex of b.expenses) {
    if (!holds(p, ex.date)) continue
    for (const l of ex.vat_lines ?? []) {
      const r = row(ex.currency, l.rate)
      r.paid_net_cents += l.net_cents
      r.paid_vat_cents += l.vat_cents
    }
  }
  const sorted = [...rows.values()].sort((a, z) => byCode(a.cur, z.cur) || a.key - z.key)
  const out: VATReport = { currencies: [] }
  for (const { cur, row: r } of sorted) {
    r.difference_cents = r.collected_vat_cents - r.paid_vat_cents
    let c = out.currencies.at(-1)
    if (c?.currency !== cur) {
      c = {
        currency: cur,
        rows: [],
        collected_vat_cents: 0,
        paid_vat_cents: 0,
        difference_cents: 0,
      }
      out.currencies.push(c)
    }
    c.rows.push(r)
    c.collected_vat_cents += r.collected_vat_cents
    c.paid_vat_cents += r.paid_vat_cents
    c.difference_cents += r.difference_cents
  }
  return out
}

/** Income (net of credit notes and deposits), expenses by category and profit per currency. */
export function decideProfit(b: Books, p: Pick<ReportPeriod, 'from' | 'to'>): ProfitReport {
  const byCur = new Map<string, { c: ProfitCurrency; cats: Map<string, number> }>()
  const cur = (code: string) => {
    let e = byCur.get(code)
    if (!e) {
      e = {
        c: {
          currency: code,
          invoiced_cents: 0,
          credited_cents: 0,
          income_cents: 0,
          expenses: [],
          expenses_cents: 0,
          profit_cents: 0,
        },
        cats: new Map(),
      }
      byCur.set(code, e)
    }
    return e
  }
  for (const c of decideVAT(
    { invoices: b.invoices, credit_notes: [], expenses: [], deposit_payments: b.deposit_payments },
    p,
  ).currencies) {
    for (const r of c.rows) cur(c.currency).c.invoiced_cents += r.collected_net_cents
  }
  for (const cn of b.credit_notes) {
    if (!holds(p, cn.issue_date)) continue
    for (const g of cn.breakdown ?? []) cur(cn.currency).c.credited_cents += g.net_cents
  }
  for (const ex of b.expenses) {
    if (!holds(p, ex.date)) continue
    const e = cur(ex.currency)
    for (const l of ex.vat_lines ?? []) {
      e.cats.set(ex.category, (e.cats.get(ex.category) ?? 0) + l.net_cents)
      e.c.expenses_cents += l.net_cents
    }
  }
  const out: ProfitReport = { currencies: [] }
  for (const code of [...byCur.keys()].sort(byCode)) {
    const { c, cats } = byCur.get(code)!
    c.expenses = [...cats]
      .map(([category, net_cents]) => ({ category, net_cents }))
      .sort((a, z) => z.net_cents - a.net_cents || byCode(a.category, z.category))
    c.income_cents = c.invoiced_cents - c.credited_cents
    c.profit_cents = c.income_cents - c.expenses_cents
    out.currencies.push(c)
  }
  return out
}

/** What an invoice still owes: nothing when draft, void or paid (the server's BalanceDue). */
export const balanceDue = (status: string, balance: number): number =>
  status === 'draft' || status === 'void' || status === 'paid' ? 0 : balance

const bucketOf = (late: number): number =>
  late <= 0 ? 0 : late <= 30 ? 1 : late <= 60 ? 2 : late <= 90 ? 3 : 4

/** Receivables by days past due today, per currency, with the invoices behind each bucket. */
export function decideAging(invoices: readonly ReportInvoice[], today: string): AgingReport {
  const out: AgingReport = { today, currencies: [] }
  if (!DAY.test(today)) return out
  const byCur = new Map<string, AgingCurrency>()
  for (const inv of invoices) {
    const owed = balanceDue(inv.status, inv.balance_cents)
    if (owed <= 0) continue
    const due = day(inv.due_date)
    const late = DAY.test(due) && due < today ? daysBetween(due, today) : 0
    let c = byCur.get(inv.currency)
    if (!c) {
      c = {
        currency: inv.currency,
        total_cents: 0,
        buckets: AGING_BUCKETS.map((bucket) => ({ bucket, cents: 0, invoices: [] })),
      }
      byCur.set(inv.currency, c)
    }
    const b = c.buckets[bucketOf(late)]!
    b.cents += owed
    c.total_cents += owed
    b.invoices.push({
      id: inv.id,
      number: inv.number,
      customer_name: inv.customer_name,
      issue_date: day(inv.issue_date),
      due_date: due,
      balance_cents: owed,
      days_late: late,
    })
  }
  for (const code of [...byCur.keys()].sort(byCode)) {
    const c = byCur.get(code)!
    for (const b of c.buckets) {
      b.invoices.sort((a, z) => byCode(a.due_date, z.due_date) || byCode(a.number, z.number))
    }
    out.currencies.push(c)
  }
  return out
}

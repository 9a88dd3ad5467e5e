import * as v from 'valibot'
import { message } from '@/billing/fields'
import { amountProblem, isoDate, parseMajor, pbDate, toInputAmount } from '@/billing/format'
import type { ExpenseLineInput } from '@/billing/expense'
import type { Expense, ExpensePaymentMethod, Vendor } from '@/billing/types'

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** At most this many VAT rates on one receipt (the server's limit). */
export const MAX_VAT_LINES = 10

/** One VAT rate of a receipt as typed: the receipt shows its gross or its net amount. */
export interface VatLineInput {
  rate: string
  /** Which amount `amount` is. */
  basis: 'gross' | 'net'
  amount: string
  /** The VAT the receipt prints, when it does ("" lets the server compute it). */
  vat: string
}

const text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, message('billing.field.maxChars', { max })))

/** The expense form, with the server's limits, so mistakes show at the field before saving. */
export const expenseSchema = v.pipe(
  v.object({
    date: v.pipe(v.string(), v.regex(DAY, message('expenses.validation.dateRequired'))),
    due_date: v.string(),
    vendor_name: v.pipe(text(200), v.nonEmpty(message('expenses.validation.vendorRequired'))),
    vendor: v.string(),
    number: text(64),
    description: text(500),
    category: text(60),
    currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, message('billing.field.currency'))),
    lines: v.pipe(
      v.array(
        v.object({
          rate: v.pipe(
            v.string(),
            v.trim(),
            v.check(
              (s) => /^\d+(\.\d{1,2})?$/.test(s) && Number(s) <= 100,
              message('billing.field.percent', { what: 'taxRate' }),
            ),
          ),
          basis: v.picklist(['gross', 'net']),
          amount: v.string(),
          vat: v.string(),
        }),
      ),
      v.minLength(1, message('expenses.validation.lineRequired')),
      v.maxLength(MAX_VAT_LINES, message('expenses.validation.tooManyLines')),
    ),
    payment_state: v.picklist(['unpaid', 'paid']),
    payment_method: v.string(),
    paid_on: v.string(),
    note: text(2000),
  }),
  // Amounts depend on the currency's decimals; a receipt lists each rate once.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const f = dataset.value
    const seen = new Set<number>()
    f.lines.forEach((l, i) => {
      const at = (
        key: 'amount' | 'vat' | 'rate',
        value: string,
      ): [v.IssuePathItem, ...v.IssuePathItem[]] => [
        { type: 'object', origin: 'value', input: f, key: 'lines', value: f.lines },
        { type: 'array', origin: 'value', input: f.lines, key: i, value: l },
        { type: 'object', origin: 'value', input: l, key, value },
      ]
      const amount = l.amount.trim()
      const problem = amount
        ? amountProblem(amount, f.currency, '12.50')
        : message('expenses.validation.amountRequired')()
      if (problem) addIssue({ message: problem, path: at('amount', l.amount) })
      const vat = l.vat.trim()
      const vatProblem = vat ? amountProblem(vat, f.currency, '1.90') : null
      if (vatProblem) addIssue({ message: vatProblem, path: at('vat', l.vat) })
      const rate = Number(l.rate)
      if (seen.has(rate))
        addIssue({ message: message('expenses.validation.rateTwice')(), path: at('rate', l.rate) })
      seen.add(rate)
    })
  }),
)

export type ExpenseFormInput = v.InferInput<typeof expenseSchema>
export type ExpenseFormOutput = v.InferOutput<typeof expenseSchema>

/** A line as the receipt shows it: its gross amount, and the VAT it prints. */
const lineInput = (
  l: { rate: number; gross_cents: number; vat_cents: number },
  currency: string,
): VatLineInput => ({
  rate: String(l.rate),
  basis: 'gross',
  amount: toInputAmount(l.gross_cents, currency),
  vat: toInputAmount(l.vat_cents, currency),
})

/** The form's values for an expense (or a new one dated today in the business's currency). */
export function toExpenseInput(
  e: Partial<Expense>,
  defaults: { currency: string; taxRate: number; today: string },
): ExpenseFormInput {
  const currency = e.currency || defaults.currency
  const lines = e.vat_lines?.length
    ? e.vat_lines.map((l) => lineInput(l, currency))
    : [{ rate: String(defaults.taxRate), basis: 'gross' as const, amount: '', vat: '' }]
  return {
    date: isoDate(e.date) || defaults.today,
    due_date: isoDate(e.due_date),
    vendor_name: e.vendor_name ?? '',
    vendor: e.vendor ?? '',
    number: e.number ?? '',
    description: e.description ?? '',
    category: e.category ?? '',
    currency,
    lines,
    payment_state: e.payment_state ?? 'unpaid',
    payment_method: e.payment_method ?? '',
    paid_on: isoDate(e.paid_on),
    note: e.note ?? '',
  }
}

/** A VAT line as the server takes it: the rate, the amount the receipt shows, its VAT if typed. */
export type VatLineBody = ExpenseLineInput

/** A typed line as the server takes it (null while it cannot be read). */
export function toVatLineBody(l: VatLineInput, currency: string): VatLineBody | null {
  const amount = parseMajor(l.amount, currency)
  const rate = Number(l.rate.trim().replace(',', '.'))
  if (amount === null || !Number.isFinite(rate)) return null
  const line: VatLineBody = { rate }
  if (l.basis === 'gross') line.gross_cents = amount
  else line.net_cents = amount
  const vat = l.vat.trim() ? parseMajor(l.vat, currency) : null
  if (vat !== null) line.vat_cents = vat
  return line
}

/** The vendor a typed name picks: the one of that name (case aside), if any. */
export function vendorNamed(vendors: readonly Vendor[], name: string): Vendor | undefined {
  const n = name.trim().toLocaleLowerCase()
  return n ? vendors.find((x) => x.name.trim().toLocaleLowerCase() === n) : undefined
}

/**
 * What the server takes. The amounts are the server's to compute from the lines; the vendor is
 * linked only when a known vendor was picked (a new name is kept as typed); paid_on only when paid.
 */
export function toExpenseBody(out: ExpenseFormOutput, vendors: readonly Vendor[]) {
  const picked = (out.vendor && vendors.find((x) => x.id === out.vendor)) || undefined
  const vendor =
    picked && picked.name.trim().toLocaleLowerCase() === out.vendor_name.toLocaleLowerCase()
      ? picked
      : vendorNamed(vendors, out.vendor_name)
  const paid = out.payment_state === 'paid'
  return {
    date: pbDate(out.date),
    due_date: out.due_date ? pbDate(out.due_date) : '',
    vendor_name: out.vendor_name,
    vendor: vendor?.id ?? '',
    number: out.number,
    description: out.description,
    category: out.category,
    currency: out.currency,
    vat_lines: out.lines
      .map((l) => toVatLineBody(l, out.currency))
      .filter((l): l is VatLineBody => l !== null),
    payment_state: out.payment_state,
    payment_method: (out.payment_method || '') as ExpensePaymentMethod | '',
    paid_on: paid && out.paid_on ? pbDate(out.paid_on) : '',
    note: out.note,
  }
}

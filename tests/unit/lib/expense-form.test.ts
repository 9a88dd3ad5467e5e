// What the expense form sends: the vendor linked only when a saved one is named, each VAT line
// with the amount the receipt shows (gross or net) and the printed VAT when typed, paid_on only
// when paid; and what a queued expense shows before the server has computed its amounts.
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  toExpenseBody,
  toExpenseInput,
  toVatLineBody,
  vendorNamed,
  type ExpenseFormOutput,
} from '@/features/expenses/data/schema'
import { pendingExpense, withPreviewTotals } from '@/features/expenses/data/pending'
import { totalsByCurrency } from '@/features/expenses/data/totals'
import {
  toVendorInput,
  vendorSchema,
  type VendorFormInput,
} from '@/features/expenses/vendors/data/schema'
import type { Expense, Vendor } from '@/billing/types'

const vendor = (id: string, name: string) => ({ id, name }) as Vendor
const vendors = [vendor('v1', 'Bakery Lang'), vendor('v2', 'Office World')]

const form = (change: Partial<ExpenseFormOutput> = {}): ExpenseFormOutput => ({
  date: '2026-11-02',
  due_date: '',
  vendor_name: 'Bakery Lang',
  vendor: '',
  number: 'R-17',
  description: 'Coffee for the team',
  category: 'Meals',
  currency: 'EUR',
  lines: [{ rate: '7', basis: 'gross', amount: '10.70', vat: '' }],
  payment_state: 'unpaid',
  payment_method: '',
  paid_on: '2026-11-03',
  note: '',
  ...change,
})

describe('toExpenseBody', () => {
  it('links a saved vendor named as typed (case aside), keeps a new name unlinked', () => {
    expect(toExpenseBody(form({ vendor_name: 'bakery lang' }), vendors).vendor).toBe('v1')
    const fresh = toExpenseBody(form({ vendor_name: 'Corner Kiosk', vendor: 'v1' }), vendors)
    expect(fresh).toMatchObject({ vendor: '', vendor_name: 'Corner Kiosk' })
    expect(vendorNamed(vendors, ' office world ')?.id).toBe('v2')
  })

  it('sends each line with the amount the receipt shows, and its printed VAT', () => {
    const body = toExpenseBody(
      form({
        lines: [
          { rate: '19', basis: 'gross', amount: '119.00', vat: '19.00' },
          { rate: '7', basis: 'net', amount: '10', vat: '' },
        ],
      }),
      vendors,
    )
    expect(body.vat_lines).toEqual([
      { rate: 19, gross_cents: 11900, vat_cents: 1900 },
      { rate: 7, net_cents: 1000 },
    ])
    expect(body).not.toHaveProperty('total_cents')
  })

  it('dates as the invoices date; paid_on only when paid', () => {
    expect(toExpenseBody(form(), vendors)).toMatchObject({
      date: '2026-11-02 00:00:00.000Z',
      due_date: '',
      paid_on: '',
    })
    expect(toExpenseBody(form({ payment_state: 'paid' }), vendors).paid_on).toBe(
      '2026-11-03 00:00:00.000Z',
    )
  })

  it('a line that cannot be read is not sent', () => {
    expect(toVatLineBody({ rate: '7', basis: 'gross', amount: 'abc', vat: '' }, 'EUR')).toBeNull()
  })
})

describe('toExpenseInput', () => {
  it('shows a saved line by its gross and printed VAT; a new expense gets one line', () => {
    const saved = {
      currency: 'EUR',
      vat_lines: [{ rate: 19, net_cents: 10000, vat_cents: 1900, gross_cents: 11900 }],
    } as Partial<Expense>
    const input = toExpenseInput(saved, { currency: 'USD', taxRate: 19, today: '2026-11-27' })
    expect(input.lines).toEqual([{ rate: '19', basis: 'gross', amount: '119.00', vat: '19.00' }])
    const fresh = toExpenseInput({}, { currency: 'USD', taxRate: 19, today: '2026-11-27' })
    expect(fresh).toMatchObject({ currency: 'USD', date: '2026-11-27', payment_state: 'unpaid' })
    expect(fresh.lines).toEqual([{ rate: '19', basis: 'gross', amount: '', vat: '' }])
  })
})

describe('an expense the server has not answered yet', () => {
  it('shows the amounts the server will compute from its typed lines', () => {
    const row = pendingExpense('exp1', {
      vendor_name: 'Bakery Lang',
      currency: 'EUR',
      vat_lines: [
        { rate: 7, gross_cents: 1070 },
        { rate: 19, net_cents: 1000 },
      ],
    })
    expect(row).toMatchObject({ id: 'exp1', net_cents: 2000, vat_cents: 260, total_cents: 2260 })
    expect(row.vat_lines?.[1]).toEqual({
      rate: 19,
      net_cents: 1000,
      vat_cents: 190,
      gross_cents: 1190,
    })
  })

  it('keeps the server amounts once it has answered', () => {
    const stored = {
      currency: 'EUR',
      vat_lines: [{ rate: 7, net_cents: 1000, vat_cents: 70, gross_cents: 1070 }],
      net_cents: 1000,
      vat_cents: 70,
      total_cents: 1070,
    }
    expect(withPreviewTotals(stored)).toBe(stored)
  })
})

describe('totalsByCurrency', () => {
  it('sums each currency apart, never across currencies', () => {
    const rows = [
      { currency: 'EUR', net_cents: 1000, vat_cents: 190, total_cents: 1190 },
      { currency: 'USD', net_cents: 500, vat_cents: 0, total_cents: 500 },
      { currency: 'EUR', net_cents: 2000, vat_cents: 140, total_cents: 2140 },
    ]
    expect(totalsByCurrency(rows)).toEqual([
      { currency: 'EUR', count: 2, net_cents: 3000, vat_cents: 330, total_cents: 3330 },
      { currency: 'USD', count: 1, net_cents: 500, vat_cents: 0, total_cents: 500 },
    ])
    expect(totalsByCurrency([])).toEqual([])
  })
})

describe('the vendor form', () => {
  const vendorInput = (change: Partial<VendorFormInput>): VendorFormInput => ({
    ...toVendorInput({ name: 'Office World' }),
    ...change,
  })
  it('keeps an IBAN without spaces, refuses one whose check digits are wrong', () => {
    const ok = v.safeParse(vendorSchema, vendorInput({ iban: 'de89 3704 0044 0532 0130 00' }))
    expect(ok.success && ok.output.iban).toBe('DE89370400440532013000')
    const bad = v.safeParse(vendorSchema, vendorInput({ iban: 'DE88370400440532013000' }))
    expect(bad.success).toBe(false)
  })
  it('needs a name; an email, when given, must look like one', () => {
    expect(v.safeParse(vendorSchema, vendorInput({ name: '  ' })).success).toBe(false)
    expect(v.safeParse(vendorSchema, vendorInput({ email: 'not an email' })).success).toBe(false)
    expect(v.safeParse(vendorSchema, vendorInput({ email: '' })).success).toBe(true)
  })
})

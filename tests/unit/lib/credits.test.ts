import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  canCredit,
  creditNoteLeft,
  creditRateProblem,
  creditRatesLeft,
  creditableCents,
  paidCents,
  sendMakesPdf,
  settlement,
  type SettlementInput,
} from '@/billing/credits'
import { deriveInvoiceStatus } from '@/billing/status'
import type { CreditNote, Invoice, InvoiceStatus, TaxBreakdownRow } from '@/billing/types'

/** The settlement rule's cases, shared with the server's Go tests (decide_credit_test.go). */
interface Vectors {
  settlement: Array<
    SettlementInput & {
      name: string
      want: {
        balance_cents: number
        credit_cents: number
        settled_by_credit: boolean
        creditable_cents: number
      }
    }
  >
  credit_left: Array<{
    name: string
    invoice_credit_cents: number
    note_total_cents: number
    note_used_cents: number
    want_cents: number
  }>
  rates: Array<{
    name: string
    currency: string
    invoice: TaxBreakdownRow[]
    earlier: TaxBreakdownRow[][]
    note: TaxBreakdownRow[]
    want: {
      left: TaxBreakdownRow[]
      problem: { code: string; rate: number; net_cents?: number; tax_cents?: number } | null
    }
  }>
}

/** The paid rule's cases (a payment's part given back outside a credit note no longer pays). */
interface PaidVectors {
  paid: Array<{
    name: string
    payments: Array<{ amount_cents: number; returned_cents: number }>
    total_cents: number
    credited_cents: number
    refunded_cents: number
    status: InvoiceStatus
    viewed_before: boolean
    want: { paid_cents: number; balance_cents: number; credit_cents: number; status: InvoiceStatus }
  }>
}

const vectors = JSON.parse(
  readFileSync(new URL('../../vectors/credits.json', import.meta.url), 'utf8'),
) as Vectors & PaidVectors

describe('credit settlement (shared vectors)', () => {
  it('has the cases', () => {
    expect(vectors.settlement.length).toBeGreaterThanOrEqual(8)
  })
  for (const v of vectors.settlement) {
    it(v.name, () => {
      const { want, name: _name, ...input } = v
      expect(settlement(input)).toEqual({
        balance_cents: want.balance_cents,
        credit_cents: want.credit_cents,
        settled_by_credit: want.settled_by_credit,
      })
      if (!v.void) expect(creditableCents(v)).toBe(want.creditable_cents)
    })
  }
})

describe('a credit note’s credit left (shared vectors)', () => {
  it('has the cases', () => {
    expect(vectors.credit_left.length).toBeGreaterThanOrEqual(5)
  })
  for (const v of vectors.credit_left) {
    it(v.name, () => {
      expect(creditNoteLeft(v.invoice_credit_cents, v.note_total_cents, v.note_used_cents)).toBe(
        v.want_cents,
      )
    })
  }
})

describe('the cap per VAT rate (shared vectors)', () => {
  it('has the cases', () => {
    expect(vectors.rates.length).toBeGreaterThanOrEqual(10)
  })
  for (const v of vectors.rates) {
    it(v.name, () => {
      const left = creditRatesLeft(v.invoice, v.earlier)
      expect(left).toEqual(v.want.left)
      expect(creditRateProblem(left, v.note)).toEqual(v.want.problem)
    })
  }
})

describe('what the payments paid (shared vectors)', () => {
  it('has the cases', () => {
    expect(vectors.paid.length).toBeGreaterThanOrEqual(8)
  })
  for (const v of vectors.paid) {
    it(v.name, () => {
      const paid = paidCents(v.payments)
      const s = settlement({ ...v, paid_cents: paid, void: v.status === 'void' })
      const status = deriveInvoiceStatus({
        status: v.status,
        paid_cents: paid + v.credited_cents,
        total_cents: v.total_cents,
        viewed_before: v.viewed_before,
      })
      expect({
        paid_cents: paid,
        balance_cents: s.balance_cents,
        credit_cents: s.credit_cents,
        status,
      }).toEqual(v.want)
    })
  }
})

describe('canCredit', () => {
  it('allows issued invoices with something left to credit', () => {
    expect(canCredit({ status: 'paid', total_cents: 100, credited_cents: 0 })).toBe(true)
    expect(canCredit({ status: 'partial', total_cents: 100, credited_cents: 99 })).toBe(true)
    expect(canCredit({ status: 'sent', total_cents: 100, credited_cents: 100 })).toBe(false)
    expect(canCredit({ status: 'draft', total_cents: 100, credited_cents: 0 })).toBe(false)
    expect(canCredit({ status: 'void', total_cents: 100, credited_cents: 0 })).toBe(false)
  })
})

describe('sendMakesPdf', () => {
  const note = (issued_pdf?: string) => ({ id: 'cn1', issued_pdf }) as CreditNote
  it('makes the PDF for a credit note’s first send, which the server keeps as its issued copy', () => {
    expect(sendMakesPdf('credit_notes', note())).toBe(true)
    expect(sendMakesPdf('credit_notes', note(''))).toBe(true)
  })
  it('makes none once the credit note has its issued copy: the server attaches that one', () => {
    expect(sendMakesPdf('credit_notes', note('cn_00001_a1b2c3.pdf'))).toBe(false)
  })
  it('always makes one for an invoice, whose copy follows its content', () => {
    const inv = { id: 'i1', issued_pdf: 'inv_00001_a1b2c3.pdf' } as unknown as Invoice
    expect(sendMakesPdf('invoices', inv)).toBe(true)
  })
})

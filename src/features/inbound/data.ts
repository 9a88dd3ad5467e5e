import { loadPb } from '@/lib/pocketbase/instance'

/** A party as the e-invoice names it (server/internal/inbound Party). */
export interface Party {
  name: string
  street: string
  street2: string
  street3: string
  postcode: string
  city: string
  country: string
  vat_id: string
  email: string
  iban: string
  bic: string
  account_name: string
}

export interface Line {
  id: string
  name: string
  description: string
  quantity: string
  unit_code: string
  price: string
  net: string
  vat_category: string
  vat_rate: string
}

export interface VatGroup {
  category: string
  rate: string
  taxable: string
  tax: string
  exemption: string
}

/** The totals as decimal strings ("" when the invoice leaves one out). */
export interface Totals {
  lines: string
  allowances: string
  charges: string
  net: string
  vat: string
  gross: string
  prepaid: string
  rounding: string
  payable: string
}

export type Format = 'ubl' | 'cii' | 'facturx'

/** A received e-invoice as read: texts and decimal amounts as the file gives them. */
export interface InboundDocument {
  format: Format
  specification: string
  kind: 'invoice' | 'credit_note'
  type_code: string
  number: string
  issue_date: string
  due_date: string
  currency: string
  buyer_reference: string
  seller: Party
  buyer: Party
  lines: Line[]
  vat: VatGroup[]
  totals: Totals
  payment_terms: string
  payment_reference: string
  payment_means: string
  notes: string[]
  preceding: string[]
}

/** What the check found wrong: a code said in a sentence (inbound.problem.<code>). */
export interface Problem {
  code: string
  params?: Record<string, string | number>
}

export interface VatLine {
  rate: number
  net_cents: number
  vat_cents?: number
  gross_cents: number
}

/** The expense the invoice makes (amounts in the currency's minor units). */
export interface Prefill {
  vendor: {
    name: string
    address: string
    country: string
    vat_id: string
    iban: string
    email: string
  }
  vendor_name: string
  number: string
  date: string
  due_date: string
  currency: string
  description: string
  vat_lines: VatLine[]
  net_cents: number
  vat_cents: number
  total_cents: number
  note: string
}

/** POST /api/folio/inbound/read. */
export interface ReadAnswer {
  document: InboundDocument
  problems: Problem[]
  format: Format
  prefill: Prefill
}

/** POST /api/folio/inbound/expense. */
export interface ExpenseAnswer {
  id: string
  vendor: string
  problems: Problem[]
}

async function upload<T>(path: string, business: string, file: File): Promise<T> {
  const body = new FormData()
  body.append('file', file)
  return (await loadPb()).send<T>(`${path}?business=${encodeURIComponent(business)}`, {
    method: 'POST',
    body,
    requestKey: null,
  })
}

/** Reads the file (nothing is stored). */
export const readEInvoice = (business: string, file: File) =>
  upload<ReadAnswer>('/api/folio/inbound/read', business, file)

/** Reads the file again and makes the expense, with the file kept as it came. */
export const createExpenseFrom = (business: string, file: File) =>
  upload<ExpenseAnswer>('/api/folio/inbound/expense', business, file)

/** The files the picker offers. */
export const ACCEPT = '.xml,.pdf,application/xml,text/xml,application/pdf'

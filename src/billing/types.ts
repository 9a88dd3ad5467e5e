/** The records of the back-office, as the server sends them (issue 5's contract). */
import { t as translate, type MessageKey, type Translate } from '@/lib/i18n'
import type { FinalDeduction } from './deposits'
import type { ExpenseLine } from './expense'

export const QUOTE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'rejected',
  'converted',
] as const
export const INVOICE_STATUSES = ['draft', 'sent', 'viewed', 'partial', 'paid', 'void'] as const
export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'card', 'cheque', 'other'] as const

export type QuoteStatus = (typeof QUOTE_STATUSES)[number]
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
/** The method of kept credit applied to an invoice (set by the server, never picked). */
export const CREDIT_METHOD = 'credit' as const

export type Collection =
  | 'customers'
  | 'quotes'
  | 'invoices'
  | 'payments'
  | 'credit_notes'
  | 'refunds'
  | 'bank_transactions'
  | 'items'
  | 'expenses'
  | 'vendors'
export type DocumentKind = 'quotes' | 'invoices'

export interface BaseRecord {
  id: string
  collectionName?: string
  owner: string
  created: string
  updated: string
}

export interface Customer extends BaseRecord {
  name: string
  contact_name: string
  email: string
  phone: string
  website: string
  tax_id: string
  address: string
  city: string
  postal_code: string
  country: string
  currency: string
  payment_terms_days: number
  notes: string
  archived: boolean
  /** The language of this customer's documents ("" or absent: the business's). */
  language?: string
  /** This customer gets no automatic payment reminders (absent: gets them). */
  reminders_opt_out?: boolean
}

export interface LineItem {
  id: string
  description: string
  quantity: number
  unit: string
  /** UN/ECE Recommendation 20 code (e-invoices); absent on lines saved before it existed. */
  unit_code?: string
  unit_price_cents: number
  discount_percent: number
  tax_rate: number
  net_cents?: number
}

export interface TaxBreakdownRow {
  rate: number
  net_cents: number
  tax_cents: number
}

interface DocumentBase extends BaseRecord {
  customer: string
  number: string
  seq: number
  currency: string
  issue_date: string
  items: LineItem[] | null
  discount_percent: number
  notes: string
  terms: string
  subtotal_cents: number
  discount_cents: number
  tax_cents: number
  total_cents: number
  tax_breakdown: TaxBreakdownRow[] | null
  /** The VAT category of the 0 % lines, and why (e-invoices). */
  vat_exemption_category?: 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O'
  vat_exemption_reason?: string
  sent_at: string
  viewed_at: string
  expand?: { customer?: Customer }
}

export interface Quote extends DocumentBase {
  status: QuoteStatus
  expiry_date: string
  invoice: string
  reject_reason: string
  accepted_at: string
  rejected_at: string
  converted_at: string
  /** The full name the customer typed to accept ("" when a member marked it accepted). */
  accepted_by?: string
  /** The customer's note on accepting. */
  accept_note?: string
}

export interface Invoice extends DocumentBase {
  status: InvoiceStatus
  due_date: string
  quote: string
  paid_cents: number
  balance_cents: number
  void_reason: string
  paid_at: string
  voided_at: string
  /** Σ its credit notes (absent on records read before credit notes existed: 0). */
  credited_cents?: number
  /** Σ the refunds of its credit notes. */
  refunded_cents?: number
  /** What it owes the customer back: paid and credited beyond the total, less refunds. */
  credit_cents?: number
  /** "deposit", "final" or "" (an ordinary invoice); absent on records read before deposits. */
  kind?: '' | 'deposit' | 'final'
  /** A deposit's work: the quote or the draft invoice it was asked from. */
  work_quote?: string
  work_invoice?: string
  /** The percentage a deposit asked (0 for an amount). */
  deposit_percent?: number
  /** A final invoice's deduction, per deposit and per rate (decideFinal). */
  deposits?: FinalDeduction | null
  /** What a final invoice deducts (gross) before payments. */
  deducted_cents?: number
}

export interface Payment extends BaseRecord {
  invoice: string
  customer: string
  number: string
  seq: number
  date: string
  amount_cents: number
  currency: string
  method: PaymentMethod | typeof CREDIT_METHOD
  /** The credit note whose kept credit this payment applies (method "credit"). */
  credit_note?: string
  reference: string
  notes: string
  /** 'stripe' for a card payment the customer made from the invoice's page; '' when typed in. */
  provider?: string
  /** A card payment that arrived when it no longer fitted the balance: to be refunded. */
  needs_refund?: boolean
  /** What Stripe has refunded of a card payment. */
  provider_refunded_cents?: number
  /** What was given back of it outside a credit note: no longer paid (see paidCents). */
  returned_cents?: number
  expand?: { customer?: Customer; invoice?: Invoice }
}

/** A credit note: issued when saved, never changed; corrects one invoice. */
export interface CreditNote extends BaseRecord {
  invoice: string
  customer: string
  number: string
  seq: number
  issue_date: string
  currency: string
  items: LineItem[] | null
  discount_percent: number
  subtotal_cents: number
  discount_cents: number
  tax_cents: number
  total_cents: number
  tax_breakdown: TaxBreakdownRow[] | null
  reason: string
  notes: string
  vat_exemption_category?: DocumentBase['vat_exemption_category']
  vat_exemption_reason?: string
  refunded_cents: number
  /** When it was last mailed to the customer ("" never; absent on older records). */
  sent_at?: string
  /** The stored name of the PDF its first send mailed, its issued copy ("" none yet). */
  issued_pdf?: string
  expand?: { customer?: Customer; invoice?: Invoice }
}

/** Money paid back to the customer out of a credit note's credit. */
export interface Refund extends BaseRecord {
  credit_note: string
  invoice: string
  customer: string
  date: string
  amount_cents: number
  currency: string
  method: PaymentMethod
  reference: string
  notes: string
  expand?: { credit_note?: CreditNote; customer?: Customer; invoice?: Invoice }
}

/**
 * Where a bank transaction stands: nothing found (or money going out), candidates to look at,
 * one invoice ready to confirm, recorded as a payment, or set aside.
 */
export type BankState = 'unmatched' | 'suggested' | 'certain' | 'matched' | 'ignored'

/** An invoice a bank transaction may pay, and why (reason codes, see bank.reason.*). */
export interface BankCandidate {
  invoice: string
  number: string
  reasons: string[]
}

/**
 * One entry of an imported bank statement (server/internal/bank). Written only by the server:
 * the import, and the confirm, assign, ignore and restore routes.
 */
export interface BankTransaction extends BaseRecord {
  business: string
  statement: string
  bank_ref: string
  booking_date: string
  value_date: string
  /** The amount, always positive; `credit` says which way it went. */
  amount_cents: number
  currency: string
  credit: boolean
  account: string
  counterparty: string
  counterparty_iban: string
  remittance: string
  creditor_ref: string
  state: BankState
  /** The certain match, or the invoice it was recorded against. */
  invoice: string
  candidates: BankCandidate[] | null
  reasons: string[] | null
  /** The payment that records it, once matched. */
  payment: string
  expand?: { invoice?: Invoice }
}

/** One of an item's prices: an amount in a currency. */
export interface ItemPrice {
  currency: string
  cents: number
}

/** A catalogue item: what a line is filled from (issue 31). */
export interface Item extends BaseRecord {
  name: string
  description: string
  unit: string
  /** UN/ECE Rec. 20 code ("" follows the unit, as on a line). */
  unit_code: string
  /** One price per currency at most (the server checks it); may be empty. */
  prices: ItemPrice[] | null
  tax_rate: number
  /** The VAT category of the item at 0 % ("" when taxed). */
  vat_category: '' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O'
  sku: string
  archived: boolean
}

/** A supplier the business buys from (issue 32): a light record, filled from receipts. */
export interface Vendor extends BaseRecord {
  name: string
  address: string
  /** ISO 3166 alpha-2, or "". */
  country: string
  vat_id: string
  /** Without spaces. */
  iban: string
  email: string
  archived: boolean
}

export const EXPENSE_PAYMENT_METHODS = [
  'bank_transfer',
  'card',
  'cash',
  'direct_debit',
  'other',
] as const
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number]

/** A cost of the business (issue 32): a receipt or a received invoice, with its VAT lines. */
export interface Expense extends BaseRecord {
  vendor: string
  /** The vendor's name as on the receipt (shown in lists). */
  vendor_name: string
  number: string
  date: string
  due_date: string
  description: string
  category: string
  currency: string
  vat_lines: ExpenseLine[] | null
  net_cents: number
  vat_cents: number
  total_cents: number
  payment_state: 'unpaid' | 'paid'
  paid_on: string
  payment_method: ExpensePaymentMethod | ''
  note: string
  /**
   * The receipt's file name; a File while an expense made offline waits to be sent (only the
   * cached copy on this device holds it).
   */
  receipt: string | Blob
  /** The received e-invoice as it came (xml or pdf), never replaced. */
  source_file: string
  source_format: '' | 'ubl' | 'cii' | 'facturx'
  source_problems: unknown
  expand?: { vendor?: Vendor }
}

export type AnyRecord =
  | Customer
  | Quote
  | Invoice
  | Payment
  | CreditNote
  | Refund
  | BankTransaction
  | Item
  | Expense
  | Vendor

export interface Page<T> {
  page: number
  perPage: number
  totalItems: number
  totalPages: number
  items: T[]
}

const METHOD_LABELS = {
  bank_transfer: 'billing.method.bank_transfer',
  cash: 'billing.method.cash',
  card: 'billing.method.card',
  cheque: 'billing.method.cheque',
  other: 'billing.method.other',
  credit: 'billing.method.credit',
} as const satisfies Record<PaymentMethod | typeof CREDIT_METHOD, MessageKey>

/** How a payment was made ("Bank transfer"), in the interface's language or `t`'s. */
export const methodLabel = (
  method: PaymentMethod | typeof CREDIT_METHOD,
  t: Translate = translate,
): string => t(METHOD_LABELS[method])

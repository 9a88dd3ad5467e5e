import { creditNoteText } from '../credits'
import { isoDate } from '../format'
import type { SellerSettings } from '../queries'
import type { CreditNote, Customer, Invoice, Quote } from '../types'
import type { EInvoiceSource, VatCategory } from './source'

/** The e-invoice fields of the business settings, the customer and the invoice (server names). */
export interface EInvoiceSeller extends SellerSettings {
  einvoicing?: boolean
  company_vat_id?: string
  company_tax_registration?: string
  company_postal_code?: string
  company_city?: string
  company_country?: string
  seller_endpoint_id?: string
  seller_endpoint_scheme?: string
  seller_contact_name?: string
  seller_contact_phone?: string
  seller_contact_email?: string
}
export interface EInvoiceCustomer extends Customer {
  endpoint_id?: string
  endpoint_scheme?: string
  buyer_reference?: string
}
export type EInvoiceInvoice = Invoice
/** What an e-invoice reads of a stored document: an invoice, or a credit note read as one. */
export type EInvoiceDocument = Pick<
  Invoice,
  | 'number'
  | 'issue_date'
  | 'due_date'
  | 'currency'
  | 'notes'
  | 'terms'
  | 'items'
  | 'discount_percent'
  | 'discount_cents'
  | 'subtotal_cents'
  | 'tax_cents'
  | 'total_cents'
  | 'paid_cents'
  | 'balance_cents'
  | 'tax_breakdown'
  | 'vat_exemption_category'
  | 'vat_exemption_reason'
> &
  Pick<Partial<Invoice>, 'kind' | 'deposits' | 'deducted_cents'>

const s = (v: string | undefined | null) => (v ?? '').trim()

/**
 * An invoice as an e-invoice source: the server's stored number, lines, totals and breakdown
 * (never recomputed here), the business settings and the customer.
 */
export function toEInvoiceSource(
  invoice: EInvoiceDocument,
  customer: EInvoiceCustomer,
  seller: EInvoiceSeller,
  unitCodeFor: (unit: string) => string,
): EInvoiceSource {
  const zero: VatCategory = invoice.vat_exemption_category || 'Z'
  const category = (rate: number, stored?: unknown): VatCategory =>
    typeof stored === 'string' && stored ? (stored as VatCategory) : rate > 0 ? 'S' : zero
  const deposits = invoice.kind === 'final' ? (invoice.deposits?.deposits ?? []) : []
  return {
    type_code: invoice.kind === 'deposit' ? '386' : '380',
    ...(deposits.length
      ? {
          deposits: deposits.map((d) => ({
            number: d.number,
            issue_date: isoDate(d.issue_date),
            rows: d.rows,
          })),
          deducted_cents: invoice.deducted_cents ?? 0,
        }
      : {}),
    number: invoice.number,
    issue_date: isoDate(invoice.issue_date),
    due_date: isoDate(invoice.due_date),
    currency: invoice.currency || customer.currency || 'EUR',
    notes: s(invoice.notes),
    terms: s(invoice.terms),
    buyer_reference: s(customer.buyer_reference) || invoice.number,
    seller: {
      name: s(seller.company_name) || s(seller.name),
      street: s(seller.company_address),
      city: s(seller.company_city),
      postal_code: s(seller.company_postal_code),
      country: s(seller.company_country),
      vat_id: s(seller.company_vat_id),
      tax_registration: s(seller.company_tax_registration),
      endpoint_id: s(seller.seller_endpoint_id),
      endpoint_scheme: s(seller.seller_endpoint_scheme),
      contact_name: s(seller.seller_contact_name),
      contact_phone: s(seller.seller_contact_phone),
      contact_email: s(seller.seller_contact_email),
    },
    buyer: {
      name: s(customer.name),
      street: s(customer.address),
      city: s(customer.city),
      postal_code: s(customer.postal_code),
      country: s(customer.country),
      vat_id: s(customer.tax_id),
      endpoint_id: s(customer.endpoint_id),
      endpoint_scheme: s(customer.endpoint_scheme),
    },
    payment: seller.iban
      ? {
          iban: seller.iban,
          bic: s(seller.bic),
          holder: s(seller.bank_holder) || s(seller.company_name),
        }
      : null,
    lines: (invoice.items ?? []).map((l, i) => ({
      id: String(i + 1),
      description: l.description,
      quantity: l.quantity,
      unit_code: s((l as { unit_code?: string }).unit_code) || unitCodeFor(l.unit ?? ''),
      unit_price_cents: l.unit_price_cents,
      discount_percent: l.discount_percent ?? 0,
      net_cents: l.net_cents ?? 0,
      tax_rate: l.tax_rate,
      vat_category: category(l.tax_rate),
    })),
    discount_percent: invoice.discount_percent ?? 0,
    discount_cents: invoice.discount_cents ?? 0,
    subtotal_cents: invoice.subtotal_cents,
    tax_cents: invoice.tax_cents,
    total_cents: invoice.total_cents,
    paid_cents: invoice.paid_cents,
    balance_cents: invoice.balance_cents,
    tax_breakdown: (invoice.tax_breakdown ?? []).map((row) => {
      const c = category(row.rate, (row as { category?: unknown }).category)
      return {
        category: c,
        rate: row.rate,
        net_cents: row.net_cents,
        tax_cents: row.tax_cents,
        exemption_reason: c === 'S' || c === 'Z' ? '' : s(invoice.vat_exemption_reason),
      }
    }),
  }
}

/**
 * The e-invoice data of an owner's document when the business sends e-invoices: only for an
 * invoice the server has numbered (an e-invoice needs that number; a document made offline
 * has none until it is synced).
 */
export function ownerEInvoice(
  kind: 'quotes' | 'invoices',
  doc: Quote | Invoice,
  customer: Customer | undefined,
  seller: SellerSettings | undefined,
  unitCodeFor: (unit: string) => string,
): EInvoiceSource | undefined {
  const s = seller as EInvoiceSeller | undefined
  if (kind !== 'invoices' || !s?.einvoicing || !customer || !doc.number) return undefined
  return toEInvoiceSource(doc as Invoice, customer, s, unitCodeFor)
}

/**
 * The e-invoice data of a stored credit note (381) when the business sends e-invoices: its own
 * number, lines, totals and breakdown as the server stored them, the customer of the invoice it
 * corrects, and that invoice's number and date (BT-25/26). It owes the buyer its total: no due
 * date, no payments, and no bank account (the business's IBAN is where the buyer pays, not where
 * a credit goes). Only once the server has numbered it and the invoice is known.
 */
export function creditNoteEInvoice(
  cn: CreditNote,
  invoice: Invoice | undefined,
  customer: Customer | undefined,
  seller: SellerSettings | undefined,
  unitCodeFor: (unit: string) => string,
): EInvoiceSource | undefined {
  const settings = seller as EInvoiceSeller | undefined
  if (!settings?.einvoicing || !customer || !cn.number || !invoice?.number) return undefined
  const src = toEInvoiceSource(
    {
      ...cn,
      due_date: '',
      terms: '',
      notes: creditNoteText(cn),
      paid_cents: 0,
      balance_cents: cn.total_cents,
    },
    customer,
    settings,
    unitCodeFor,
  )
  return {
    ...src,
    type_code: '381',
    preceding_invoice: { number: invoice.number, issue_date: isoDate(invoice.issue_date) },
    payment: null,
  }
}

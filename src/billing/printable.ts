import { fileUrl } from '@/lib/pocketbase/files'
import type { Locale } from '@/lib/i18n/locales'
import { creditNoteText } from './credits'
import type { FinalDeduction } from './deposits'
import { documentLanguage } from './document-language'
import { isoDate } from './format'
import type { SellerSettings } from './queries'
import { invoiceDisplayStatus, quoteDisplayStatus } from './status'
import type { CreditNote, Customer, Invoice, LineItem, Quote, TaxBreakdownRow } from './types'

/**
 * A quote or an invoice as it is printed: exactly what the customer may see, nothing else. The
 * public document route answers this shape (GET /api/folio/public/documents/{token}); the print
 * sheet, the public page and the PDF draw it. toPrintable and the server's buildPrintable pass the
 * same cases (tests/vectors/printable.json).
 */
export interface PrintableDocument {
  /** A credit note is drawn on the owner's side only (print view, PDF), never public. */
  kind: 'quote' | 'invoice' | 'credit_note'
  /** Credit notes: the number of the invoice it corrects. */
  credits_invoice?: string
  /** "" for a draft (drafts are never public, but the owner's own PDF can be one). */
  number: string
  /** The stored status (draft, sent, viewed, accepted, rejected, converted, partial, paid, void). */
  status: string
  /** The stored status, or "overdue"/"expired" as the dates make it (the server's today). */
  display_status: string
  currency: string
  /** ISO dates, YYYY-MM-DD. */
  issue_date: string
  /** Invoices. */
  due_date: string
  /** Quotes. */
  expiry_date: string
  seller: PrintableSeller
  buyer: PrintableBuyer
  items: Array<
    Required<Pick<LineItem, 'net_cents'>> & Omit<LineItem, 'id' | 'net_cents' | 'unit_code'>
  >
  discount_percent: number
  subtotal_cents: number
  discount_cents: number
  tax_cents: number
  total_cents: number
  tax_breakdown: TaxBreakdownRow[]
  /** Invoices: what was paid, what credit notes took off, and what is left; quotes: 0, 0, the total. */
  paid_cents: number
  credited_cents: number
  /** Invoices: the credit given back (refunded, or applied to other invoices); quotes: 0. */
  refunded_cents: number
  /** Invoices: the credit still owed to the customer; quotes: 0. */
  credit_cents: number
  balance_cents: number
  notes: string
  terms: string
  /** Invoices, when the business gave a bank account. */
  payment: PaymentInstructions | null
  /** Quotes: the customer's answer, once given. */
  answer: QuoteAnswer | null
  /** Why 0 % lines carry no VAT ("Reverse charge"), printed with the tax summary; "" if none. */
  vat_note: string
  /** Invoices: a deposit invoice (printed "Deposit invoice"). */
  deposit?: boolean
  /** A final invoice's deduction of its deposits, per deposit and rate (decideFinal); else null. */
  deduction?: FinalDeduction | null
  /**
   * The language the document is written in: the customer's, else the business's, else English
   * (see documentLanguage). Absent from documents made before it existed: English.
   */
  language?: Locale
}

export { documentLanguage, documentLocale } from './document-language'

export interface PrintableSeller {
  company_name: string
  company_address: string
  company_tax_id: string
  postal_code: string
  city: string
  /** ISO 3166-1 alpha-2, or "". */
  country: string
  vat_id: string
  /** A URL the page may load (the public route serves the logo by the same token), or "". */
  logo_url: string
}

export interface PrintableBuyer {
  name: string
  contact_name: string
  address: string
  city: string
  postal_code: string
  country: string
  tax_id: string
}

export interface PaymentInstructions {
  holder: string
  iban: string
  bic: string
  /** What the customer writes as the transfer's reference: the document number. */
  reference: string
}

export interface QuoteAnswer {
  accepted: boolean
  /** ISO date-time. */
  at: string
  /** Accepted: the typed full name (the signature). */
  name: string
  /** Accepted: the optional note; rejected: the reason. */
  note: string
}

/** The owner's records as the customer sees them (the print sheet, the owner's PDF). */
export function toPrintable(input: {
  kind: 'quotes' | 'invoices'
  doc: Quote | Invoice
  /** `language` is the customer's document language ("" for the business's). */
  customer: (Customer & { language?: string }) | undefined
  seller: Pick<SellerSettings, 'company_name' | 'company_address' | 'company_tax_id' | 'name'> &
    Partial<Pick<SellerSettings, 'bank_holder' | 'iban' | 'bic'>> & {
      company_postal_code?: string
      company_city?: string
      company_country?: string
      company_vat_id?: string
      /** The business's document language ("" for English). */
      document_language?: string
    }
  logoUrl: string
  today?: string
}): PrintableDocument {
  const { kind, doc, customer, seller } = input
  const invoice = kind === 'invoices' ? (doc as Invoice) : null
  const quote = kind === 'quotes' ? (doc as Quote) : null
  const c = customer
  return {
    kind: invoice ? 'invoice' : 'quote',
    number: doc.number,
    status: doc.status,
    display_status: invoice
      ? invoiceDisplayStatus(invoice, input.today)
      : quoteDisplayStatus(quote as Quote, input.today),
    currency: doc.currency || c?.currency || 'EUR',
    issue_date: isoDate(doc.issue_date),
    due_date: isoDate(invoice?.due_date),
    expiry_date: isoDate(quote?.expiry_date),
    seller: {
      company_name: seller.company_name || seller.name || '',
      company_address: seller.company_address,
      company_tax_id: seller.company_tax_id,
      postal_code: seller.company_postal_code ?? '',
      city: seller.company_city ?? '',
      country: seller.company_country ?? '',
      vat_id: seller.company_vat_id ?? '',
      logo_url: input.logoUrl,
    },
    buyer: {
      name: c?.name ?? '',
      contact_name: c?.contact_name ?? '',
      address: c?.address ?? '',
      city: c?.city ?? '',
      postal_code: c?.postal_code ?? '',
      country: c?.country ?? '',
      tax_id: c?.tax_id ?? '',
    },
    // The printed fields only (a line's unit code goes to e-invoices, not on paper).
    items: (doc.items ?? []).map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unit_price_cents: l.unit_price_cents,
      discount_percent: l.discount_percent,
      tax_rate: l.tax_rate,
      net_cents: l.net_cents ?? 0,
    })),
    discount_percent: doc.discount_percent ?? 0,
    subtotal_cents: doc.subtotal_cents ?? 0,
    discount_cents: doc.discount_cents ?? 0,
    tax_cents: doc.tax_cents ?? 0,
    total_cents: doc.total_cents ?? 0,
    tax_breakdown: doc.tax_breakdown ?? [],
    paid_cents: invoice?.paid_cents ?? 0,
    credited_cents: invoice?.credited_cents ?? 0,
    refunded_cents: invoice?.refunded_cents ?? 0,
    credit_cents: invoice?.credit_cents ?? 0,
    balance_cents: invoice ? invoice.balance_cents : (doc.total_cents ?? 0),
    notes: doc.notes ?? '',
    terms: doc.terms ?? '',
    payment:
      invoice && seller.iban
        ? {
            holder: seller.bank_holder || seller.company_name || seller.name || '',
            iban: seller.iban,
            bic: seller.bic ?? '',
            reference: doc.number,
          }
        : null,
    answer: quote ? quoteAnswerOf(quote) : null,
    vat_note:
      doc.vat_exemption_category &&
      doc.vat_exemption_category !== 'Z' &&
      (doc.tax_breakdown ?? []).some((g) => g.rate === 0)
        ? (doc.vat_exemption_reason ?? '').trim()
        : '',
    deposit: invoice?.kind === 'deposit',
    deduction:
      invoice?.kind === 'final' && invoice.deposits?.deposits.length ? invoice.deposits : null,
    language: documentLanguage(c?.language, seller.document_language),
  }
}

/** A stored date-time as the server writes it (RFC 3339, UTC, whole seconds). */
const rfc3339 = (stored: string) =>
  new Date(stored.replace(' ', 'T')).toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * A quote's answer as printed, once given (the server's quoteAnswerOf): accepted (or converted)
 * with the typed name and note, or declined with the reason.
 */
function quoteAnswerOf(q: Quote): QuoteAnswer | null {
  if ((q.status === 'accepted' || q.status === 'converted') && q.accepted_at)
    return {
      accepted: true,
      at: rfc3339(q.accepted_at),
      name: q.accepted_by ?? '',
      note: q.accept_note ?? '',
    }
  if (q.status === 'rejected' && q.rejected_at)
    return { accepted: false, at: rfc3339(q.rejected_at), name: '', note: q.reject_reason ?? '' }
  return null
}

/**
 * The owner's document as printed, with the business's logo from its own file route (a protected
 * file: without a file token, no logo).
 */
export function ownerPrintable(
  kind: 'quotes' | 'invoices',
  doc: Quote | Invoice,
  customer: Customer | undefined,
  seller: SellerSettings | undefined,
  fileToken: string | null = null,
): PrintableDocument {
  return toPrintable({
    kind,
    doc,
    customer,
    seller: seller ?? { company_name: '', company_address: '', company_tax_id: '', name: '' },
    logoUrl:
      seller?.logo && fileToken
        ? fileUrl(seller.collectionId, seller.id, seller.logo, '0x64', fileToken)
        : '',
  })
}

/**
 * A credit note as printed: its own number and lines, the invoice it corrects, the total
 * credited. Drawn by the same sheet and PDF module as quotes and invoices.
 */
export function creditNotePrintable(
  cn: CreditNote,
  invoiceNumber: string,
  customer: Customer | undefined,
  seller: SellerSettings | undefined,
): PrintableDocument {
  const base = ownerPrintable(
    'quotes',
    {
      ...cn,
      status: 'sent',
      expiry_date: '',
      invoice: '',
      reject_reason: '',
      accepted_at: '',
      rejected_at: '',
      converted_at: '',
      sent_at: '',
      viewed_at: '',
      terms: '',
    } as Quote,
    customer,
    seller,
  )
  return {
    ...base,
    kind: 'credit_note',
    status: 'issued',
    display_status: 'issued',
    credits_invoice: invoiceNumber,
    balance_cents: cn.total_cents,
    notes: creditNoteText(cn),
  }
}

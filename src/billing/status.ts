import { t as translate, type MessageKey, type Translate } from '@/lib/i18n'
import type { Invoice, InvoiceStatus, Quote, QuoteStatus } from './types'
import { daysBetween, isoDate, todayIso } from './format'

/** What people see: the stored status plus "overdue" and "expired", derived from the dates. */
export type InvoiceDisplayStatus = InvoiceStatus | 'overdue'
export type QuoteDisplayStatus = QuoteStatus | 'expired'

const OPEN_INVOICE: readonly InvoiceStatus[] = ['sent', 'viewed', 'partial']
const OPEN_QUOTE: readonly QuoteStatus[] = ['draft', 'sent', 'viewed']

export const isOutstanding = (i: Pick<Invoice, 'status' | 'balance_cents'>) =>
  OPEN_INVOICE.includes(i.status) && i.balance_cents > 0

export function isOverdue(
  i: Pick<Invoice, 'status' | 'balance_cents' | 'due_date'>,
  today = todayIso(),
) {
  const due = isoDate(i.due_date)
  return isOutstanding(i) && due !== '' && due < today
}

export function daysOverdue(i: Pick<Invoice, 'due_date'>, today = todayIso()): number {
  return Math.max(0, daysBetween(isoDate(i.due_date), today))
}

export function invoiceDisplayStatus(
  i: Pick<Invoice, 'status' | 'balance_cents' | 'due_date'>,
  today = todayIso(),
): InvoiceDisplayStatus {
  return isOverdue(i, today) ? 'overdue' : i.status
}

function isExpired(q: Pick<Quote, 'status' | 'expiry_date'>, today = todayIso()) {
  const exp = isoDate(q.expiry_date)
  return OPEN_QUOTE.includes(q.status) && exp !== '' && exp < today
}

export function quoteDisplayStatus(
  q: Pick<Quote, 'status' | 'expiry_date'>,
  today = todayIso(),
): QuoteDisplayStatus {
  return isExpired(q, today) ? 'expired' : q.status
}

/**
 * The invoice status its payments give it: the twin of the server's deriveInvoiceStatus
 * (decide_status.go), used to show a payment made offline. Both pass tests/vectors/status.json.
 */
export function deriveInvoiceStatus(i: {
  status: InvoiceStatus
  paid_cents: number
  total_cents: number
  viewed_before: boolean
}): InvoiceStatus {
  if (i.status === 'void') return 'void'
  if (i.paid_cents > 0 && i.paid_cents >= i.total_cents) return 'paid'
  if (i.paid_cents > 0) return 'partial'
  if (i.status === 'partial' || i.status === 'paid') return i.viewed_before ? 'viewed' : 'sent'
  return i.status
}

const STATUS_LABELS = {
  draft: 'billing.status.draft',
  sent: 'billing.status.sent',
  viewed: 'billing.status.viewed',
  accepted: 'billing.status.accepted',
  rejected: 'billing.status.rejected',
  converted: 'billing.status.converted',
  partial: 'billing.status.partial',
  paid: 'billing.status.paid',
  void: 'billing.status.void',
  overdue: 'billing.status.overdue',
  expired: 'billing.status.expired',
} as const satisfies Record<InvoiceDisplayStatus | QuoteDisplayStatus, MessageKey>

/** A status as the owner reads it ("Partially paid"), in the interface's language or `t`'s. */
export const statusLabel = (
  status: InvoiceDisplayStatus | QuoteDisplayStatus,
  t: Translate = translate,
): string => t(STATUS_LABELS[status])

export type QuoteAction =
  'edit' | 'send' | 'markSent' | 'accept' | 'reject' | 'convert' | 'revise' | 'delete' | 'duplicate'
export type InvoiceAction =
  'edit' | 'send' | 'markSent' | 'recordPayment' | 'void' | 'delete' | 'duplicate'

/** The actions a quote's stored status allows (the server's machine, research §3.1). */
export function quoteActions(
  q: Pick<Quote, 'status' | 'expiry_date'>,
  today = todayIso(),
): QuoteAction[] {
  const expired = isExpired(q, today)
  switch (q.status) {
    case 'draft':
      return ['edit', 'send', 'markSent', 'duplicate', 'delete']
    case 'sent':
    case 'viewed':
      return [
        'edit',
        'send',
        ...(expired ? [] : (['accept'] as const)),
        'reject',
        'convert',
        'duplicate',
      ]
    case 'accepted':
      return ['convert', 'duplicate']
    case 'rejected':
      return ['revise', 'duplicate']
    case 'converted':
      return ['duplicate']
  }
}

/** The actions an invoice's stored status allows (research §3.2). */
export function invoiceActions(
  i: Pick<Invoice, 'status' | 'paid_cents' | 'balance_cents'>,
): InvoiceAction[] {
  switch (i.status) {
    case 'draft':
      return ['edit', 'send', 'markSent', 'recordPayment', 'duplicate', 'delete']
    case 'sent':
    case 'viewed':
      return [
        'edit',
        'send',
        'recordPayment',
        ...(i.paid_cents === 0 ? (['void'] as const) : []),
        'duplicate',
      ]
    case 'partial':
      return ['send', 'recordPayment', 'duplicate']
    case 'paid':
      return ['send', 'duplicate']
    case 'void':
      return ['duplicate']
  }
}

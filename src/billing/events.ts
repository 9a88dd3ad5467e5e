import { queryOptions } from '@tanstack/react-query'
import { loadPb } from '@/lib/pocketbase/instance'
import { getIntlLocale, t as translate, type Translate } from '@/lib/i18n'
import { formatMoney } from './format'
import type { DocumentKind } from './types'

/** What happened to a document, newest first (the server writes these; owner-only). */
export interface DocumentEvent {
  id: string
  kind: 'quote' | 'invoice'
  document: string
  type:
    | 'created'
    | 'sent'
    | 'viewed'
    | 'downloaded'
    | 'accepted'
    | 'rejected'
    | 'payment'
    | 'voided'
    | 'reminder'
    | 'links_stopped'
    /** A credit note of this invoice was mailed; detail {credit_note, number, to, cc}. */
    | 'credit_note_sent'
    /** Stripe refunded (part of) a card payment; detail {amount_cents, currency, provider}. */
    | 'card_refunded'
    /** A card payment failed at Stripe; detail {amount_cents, currency, provider, name, session}. */
    | 'card_failed'
    /** Stripe took a card payment Folio did not record; detail {amount_cents, currency, reason}. */
    | 'card_ignored'
  detail: {
    to?: string
    /** The copies' addresses (the server writes a list; older events a string). */
    cc?: string[] | string
    name?: string
    note?: string
    /**
     * Why a voided invoice was voided, a quote declined, (links_stopped) 'draft' | 'customer', or
     * (card_ignored) 'currency' | 'void'.
     */
    reason?: string
    amount_cents?: number
    currency?: string
    /** A reminder's step: days relative to the due date (-3, 0, 7). */
    step?: number
    /** The number of the credit note mailed (credit_note_sent). */
    number?: string
    /** A payment's provider ('stripe') when it was paid by card from the customer's page. */
    provider?: string
    /** A card payment that arrived when it no longer fitted the balance: to be refunded. */
    needs_refund?: boolean
  } | null
  /** How many visits a folded view or download stands for (one event per visitor and day). */
  count?: number
  /** Who did it (a member's name or address at the time); empty for the customer and Folio. */
  actor_name?: string
  created: string
}

export const EVENTS_COLLECTION = 'document_events'
export const eventsKey = (documentId: string) => ['records', EVENTS_COLLECTION, documentId] as const

export const documentEventsQuery = (documentId: string) =>
  queryOptions({
    queryKey: eventsKey(documentId),
    queryFn: async (): Promise<DocumentEvent[]> => {
      const pb = await loadPb()
      const page = await pb.collection(EVENTS_COLLECTION).getList<DocumentEvent>(1, 100, {
        filter: pb.filter('document = {:id}', { id: documentId }),
        sort: '-created,-id',
        skipTotal: true,
      })
      return page.items
    },
  })

export const eventKind = (kind: DocumentKind): DocumentEvent['kind'] =>
  kind === 'invoices' ? 'invoice' : 'quote'

/**
 * One line of the timeline, in the reader's words (the interface's language, or `t`'s), naming the
 * member who did it when the server recorded one ("Ana recorded a payment of €120.00").
 */
export function describeEvent(e: DocumentEvent, t: Translate = translate): string {
  const name = e.actor_name?.trim()
  if (!name) return describeWhat(e, t)
  const d = e.detail ?? {}
  switch (e.type) {
    case 'created':
      return t('billing.event.by.created', { name })
    case 'payment':
      return t('billing.event.by.payment', {
        name,
        amount: formatMoney(d.amount_cents ?? 0, d.currency || 'EUR'),
      })
    case 'sent': {
      const cc = ccOf(d)
      if (d.to && cc) return t('billing.event.by.sentToCc', { name, to: d.to, cc })
      if (d.to || cc) return t('billing.event.by.sentTo', { name, to: d.to || cc })
      return t('billing.event.by.sentToCustomer', { name })
    }
    case 'voided':
      return d.reason
        ? t('billing.event.by.voidedBecause', { name, reason: d.reason })
        : t('billing.event.by.voided', { name })
    default:
      return t('billing.event.by.other', { text: describeWhat(e, t), name })
  }
}

/** The copies' addresses as one text (the server writes a list; older events a string). */
const ccOf = (d: NonNullable<DocumentEvent['detail']>): string =>
  (Array.isArray(d.cc) ? d.cc : [d.cc]).filter(Boolean).join(', ')

function describeWhat(e: DocumentEvent, t: Translate): string {
  const d = e.detail ?? {}
  const quoting = (text: string, note: string | undefined) =>
    note ? t('billing.event.withNote', { text, note }) : text
  switch (e.type) {
    case 'created':
      return t('billing.event.created')
    case 'sent': {
      const cc = ccOf(d)
      if (d.to && cc) return t('billing.event.sentToCc', { to: d.to, cc })
      if (d.to || cc) return t('billing.event.sentTo', { to: d.to || cc })
      return t('billing.event.sentToCustomer')
    }
    case 'credit_note_sent': {
      const cc = ccOf(d)
      const number = d.number ?? ''
      return cc
        ? t('billing.event.creditNoteSentToCc', { number, to: d.to ?? '', cc })
        : t('billing.event.creditNoteSentTo', { number, to: d.to ?? '' })
    }
    case 'viewed':
      return t('billing.event.viewed')
    case 'downloaded':
      return t('billing.event.downloaded')
    case 'accepted':
      return quoting(
        d.name
          ? t('billing.event.acceptedBy', { name: d.name })
          : t('billing.event.acceptedByCustomer'),
        d.note,
      )
    case 'rejected':
      return quoting(t('billing.event.rejected'), d.reason)
    case 'payment': {
      const amount = formatMoney(d.amount_cents ?? 0, d.currency || 'EUR')
      if (d.provider === 'stripe')
        return d.needs_refund
          ? t('billing.event.paidByCardToRefund', { amount })
          : t('billing.event.paidByCard', { amount })
      return t('billing.event.payment', { amount })
    }
    case 'card_refunded':
      return t('billing.event.cardRefunded', {
        amount: formatMoney(d.amount_cents ?? 0, d.currency || 'EUR'),
      })
    case 'card_failed': {
      const amount = formatMoney(d.amount_cents ?? 0, d.currency || 'EUR')
      return d.name
        ? t('billing.event.cardFailedBy', { name: d.name, amount })
        : t('billing.event.cardFailed', { amount })
    }
    case 'card_ignored': {
      const amount = formatMoney(d.amount_cents ?? 0, d.currency || 'EUR')
      return d.reason === 'void'
        ? t('billing.event.cardIgnoredVoid', { amount })
        : t('billing.event.cardIgnoredCurrency', { amount })
    }
    case 'voided':
      return d.reason
        ? t('billing.event.voidedBecause', { reason: d.reason })
        : t('billing.event.voided')
    case 'reminder':
      return describeReminder(d.step ?? 0, d.to ?? '', t)
    case 'links_stopped':
      return d.reason === 'customer'
        ? t('billing.event.linksStoppedCustomer', { kind: e.kind })
        : t('billing.event.linksStoppedDraft', { kind: e.kind })
  }
}

const VISITS = new Set<DocumentEvent['type']>(['viewed', 'downloaded'])

/**
 * The timeline's rows: the customer's views (and downloads) in a row are one line with their
 * count ("Opened by the customer · 20 times"). The server already folds them per visitor and day
 * (`count`); events stored before that count one each.
 */
export function foldVisits(
  events: DocumentEvent[],
): Array<{ event: DocumentEvent; count: number }> {
  const rows: Array<{ event: DocumentEvent; count: number }> = []
  for (const event of events) {
    const last = rows.at(-1)
    const count = Math.max(1, event.count ?? 1)
    if (last && VISITS.has(event.type) && last.event.type === event.type) last.count += count
    else rows.push({ event, count })
  }
  return rows
}

/** "2 min ago", "3 h ago", else the date and time (in the interface's language, or `t`'s). */
export function timeAgo(
  iso: string,
  now = Date.now(),
  t: Translate = translate,
  locale = getIntlLocale(),
): string {
  const time = Date.parse(iso.replace(' ', 'T'))
  if (Number.isNaN(time)) return ''
  const s = Math.max(0, Math.round((now - time) / 1000))
  if (s < 45) return t('billing.time.justNow')
  if (s < 45 * 60) return t('billing.time.minutesAgo', { count: Math.max(1, Math.round(s / 60)) })
  if (s < 22 * 3600) return t('billing.time.hoursAgo', { count: Math.round(s / 3600) })
  return new Date(time).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
}

const TYPES = new Set<string>([
  'created',
  'sent',
  'viewed',
  'downloaded',
  'accepted',
  'rejected',
  'payment',
  'voided',
  'links_stopped',
  'credit_note_sent',
  'card_refunded',
  'card_failed',
  'card_ignored',
])

/** A realtime record read as an event, or null when it is not one. */
export function readEvent(r: Record<string, unknown>): DocumentEvent | null {
  const type = String(r.type ?? '')
  if (!TYPES.has(type) || (r.kind !== 'quote' && r.kind !== 'invoice')) return null
  return {
    id: String(r.id ?? ''),
    kind: r.kind,
    document: String(r.document ?? ''),
    type: type as DocumentEvent['type'],
    detail: r.detail && typeof r.detail === 'object' ? (r.detail as DocumentEvent['detail']) : null,
    count: typeof r.count === 'number' ? r.count : undefined,
    actor_name: typeof r.actor_name === 'string' ? r.actor_name : undefined,
    created: String(r.created ?? ''),
  }
}

/** A payment reminder on the timeline: which one (before, on or after the due date) and to whom. */
function describeReminder(step: number, to: string, t: Translate): string {
  if (step < 0) return t('dunning.event.before', { days: -step, to })
  if (step > 0) return t('dunning.event.after', { days: step, to })
  return t('dunning.event.onDue', { to })
}

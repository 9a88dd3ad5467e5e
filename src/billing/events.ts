import { queryOptions } from '@tanstack/react-query'
import { loadPb } from '@/lib/pocketbase/instance'
import { formatMoney } from './format'
import type { DocumentKind } from './types'

/** What happened to a document, newest first (the server writes these; owner-only). */
export interface DocumentEvent {
  id: string
  kind: 'quote' | 'invoice'
  document: string
  type:
    'created' | 'sent' | 'viewed' | 'downloaded' | 'accepted' | 'rejected' | 'payment' | 'voided'
  detail: {
    to?: string
    cc?: string
    name?: string
    note?: string
    reason?: string
    amount_cents?: number
    currency?: string
  } | null
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

/** One line of the timeline, in the owner's words. */
export function describeEvent(e: DocumentEvent): string {
  const d = e.detail ?? {}
  switch (e.type) {
    case 'created':
      return 'Created'
    case 'sent':
      return `Sent to ${[d.to, d.cc].filter(Boolean).join(', cc ') || 'the customer'}`
    case 'viewed':
      return 'Opened by the customer'
    case 'downloaded':
      return 'PDF downloaded by the customer'
    case 'accepted':
      return `Accepted by ${d.name || 'the customer'}${d.note ? ` — “${d.note}”` : ''}`
    case 'rejected':
      return `Declined by the customer${d.reason ? ` — “${d.reason}”` : ''}`
    case 'payment':
      return `Payment of ${formatMoney(d.amount_cents ?? 0, d.currency || 'EUR')} recorded`
    case 'voided':
      return `Voided${d.reason ? ` — ${d.reason}` : ''}`
  }
}

/** "2 min ago", "3 h ago", else the date and time. */
export function timeAgo(iso: string, now = Date.now()): string {
  const t = Date.parse(iso.replace(' ', 'T'))
  if (Number.isNaN(t)) return ''
  const s = Math.max(0, Math.round((now - t) / 1000))
  if (s < 45) return 'just now'
  if (s < 45 * 60) return `${Math.max(1, Math.round(s / 60))} min ago`
  if (s < 22 * 3600) return `${Math.round(s / 3600)} h ago`
  return new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
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
    created: String(r.created ?? ''),
  }
}

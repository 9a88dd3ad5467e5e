import { save } from '@/billing/save'
import type { DocumentKind } from '@/billing/types'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'

const one = (kind: DocumentKind) => (kind === 'invoices' ? 'Invoice' : 'Quote')

/** A status change (mark sent, accept, reject, revise, void), queued when offline. */
export async function changeStatus(
  kind: DocumentKind,
  doc: { id: string; number: string },
  body: Record<string, unknown>,
  done: string,
): Promise<string | void> {
  const r = await save(writes.recordUpdate, {
    collection: kind,
    id: doc.id,
    body,
    label: `${one(kind)} ${doc.number || '(draft)'}: ${done.toLowerCase()}`,
  })
  if (!r.ok) {
    notify('error', r.message)
    return r.message
  }
  if (!r.queued)
    notify('success', `${one(kind)} ${doc.number || ''} ${done.toLowerCase()}`.replace(/\s+/g, ' '))
}

/** Emails the document to the customer (needs the network: mail is not queued). */
export async function sendByEmail(
  kind: DocumentKind,
  doc: { id: string; number: string },
  to: string,
): Promise<void> {
  if (!navigator.onLine) {
    notify('error', 'Sending needs a connection. Use “Mark as sent” to record it offline.')
    return
  }
  const r = await save(writes.documentSend, {
    collection: kind,
    id: doc.id,
    label: `Send ${doc.number}`,
  })
  if (!r.ok) notify('error', r.message)
  else if (!r.queued) notify('success', `${one(kind)} sent`, to ? `Emailed to ${to}.` : undefined)
}

export async function deleteDocument(
  kind: DocumentKind,
  doc: { id: string; number: string },
): Promise<string | void> {
  const r = await save(writes.recordDelete, {
    collection: kind,
    id: doc.id,
    label: `Delete ${one(kind).toLowerCase()} ${doc.number || '(draft)'}`,
  })
  if (!r.ok) return r.message
  if (!r.queued) notify('success', `${one(kind)} deleted`)
}

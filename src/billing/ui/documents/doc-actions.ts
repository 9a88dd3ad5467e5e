import { save } from '@/billing/save'
import type { DocumentKind } from '@/billing/types'
import { writes } from '@/billing/writes'
import { t, type MessageKey } from '@/lib/i18n'
import { notify } from '@/lib/toast'

/** The status changes the screens make, each with its write description and its toast. */
export type StatusChange = 'markedSent' | 'accepted' | 'rejected' | 'backToDraft' | 'voided'

const CHANGE_LABELS = {
  markedSent: 'documents.change.markedSent.label',
  accepted: 'documents.change.accepted.label',
  rejected: 'documents.change.rejected.label',
  backToDraft: 'documents.change.backToDraft.label',
  voided: 'documents.change.voided.label',
} as const satisfies Record<StatusChange, MessageKey>

const CHANGE_TOASTS = {
  markedSent: 'documents.change.markedSent.toast',
  accepted: 'documents.change.accepted.toast',
  rejected: 'documents.change.rejected.toast',
  backToDraft: 'documents.change.backToDraft.toast',
  voided: 'documents.change.voided.toast',
} as const satisfies Record<StatusChange, MessageKey>

/**
 * A status change (mark sent, accept, reject, revise, void), queued when offline. A refusal is
 * shown once: as a toast, or — `inline`, for a dialog that shows it itself — only returned.
 */
export async function changeStatus(
  kind: DocumentKind,
  doc: { id: string; number: string },
  body: Record<string, unknown>,
  change: StatusChange,
  report: 'toast' | 'inline' = 'toast',
): Promise<string | void> {
  const r = await save(writes.recordUpdate, {
    collection: kind,
    id: doc.id,
    body,
    label: t(CHANGE_LABELS[change], {
      kind,
      number: doc.number || t('documents.draftInParentheses'),
    }),
  })
  if (!r.ok) {
    if (report === 'toast') notify('error', r.message)
    return r.message
  }
  if (!r.queued)
    notify(
      'success',
      t(CHANGE_TOASTS[change], { kind, number: doc.number || '' })
        .replace(/\s+/g, ' ')
        .trim(),
    )
}

/** Emails the document to the customer (needs the network: mail is not queued). */
export async function sendByEmail(
  kind: DocumentKind,
  doc: { id: string; number: string },
  to: string,
): Promise<void> {
  if (!navigator.onLine) {
    notify('error', t('documents.send.offline'))
    return
  }
  const r = await save(writes.documentSend, {
    collection: kind,
    id: doc.id,
    label: t('documents.send.writeLabel', { number: doc.number }),
  })
  if (!r.ok) notify('error', r.message)
  else if (!r.queued)
    notify(
      'success',
      t('documents.send.sent', { kind }),
      to ? t('documents.send.emailedTo', { to }) : undefined,
    )
}

export async function deleteDocument(
  kind: DocumentKind,
  doc: { id: string; number: string },
): Promise<string | void> {
  const r = await save(writes.recordDelete, {
    collection: kind,
    id: doc.id,
    label: t('documents.delete.writeLabel', {
      kind,
      number: doc.number || t('documents.draftInParentheses'),
    }),
  })
  if (!r.ok) return r.message
  if (!r.queued) notify('success', t('documents.delete.done', { kind }))
}

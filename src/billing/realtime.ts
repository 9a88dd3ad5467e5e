import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { scopedFilter } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'
import type PocketBase from 'pocketbase'
import { t, type MessageKey } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { EVENTS_COLLECTION, readEvent, type DocumentEvent } from './events'
import { formatMoney } from './format'
import { recordKeys, dashboardKey } from './queries'
import type { Collection, Customer, Invoice, Quote } from './types'

/**
 * An import writes a statement's transactions in bulk, without an event each; the statement's
 * own record is saved once, after them, and says "its transactions changed".
 */
const BANK_STATEMENTS = 'bank_statements'

type Live = Collection | typeof EVENTS_COLLECTION | typeof BANK_STATEMENTS
const COLLECTIONS: Live[] = [
  'customers',
  'quotes',
  'invoices',
  'payments',
  'bank_transactions',
  BANK_STATEMENTS,
  'items',
  EVENTS_COLLECTION,
]

const SAID = {
  viewed: 'billing.realtime.opened',
  accepted: 'billing.realtime.accepted',
  rejected: 'billing.realtime.declined',
} as const satisfies Partial<Record<DocumentEvent['type'], MessageKey>>

/** "Harbour Lights accepted QUO-00012": what a customer just did, as it happens. */
async function tellOwner(
  pb: PocketBase,
  e: DocumentEvent,
  cached: (key: readonly unknown[]) => unknown,
) {
  // A card payment from the customer's page is the customer's doing too (a typed one is not).
  const byCard = e.type === 'payment' && e.detail?.provider === 'stripe'
  const said =
    e.type === 'viewed' || e.type === 'accepted' || e.type === 'rejected' ? SAID[e.type] : null
  if (!said && !byCard) return
  const collection = e.kind === 'invoice' ? 'invoices' : 'quotes'
  const doc =
    (cached(recordKeys.one(collection, e.document)) as Quote | Invoice | undefined) ??
    (await pb
      .collection(collection)
      .getOne<Quote | Invoice>(e.document, { expand: 'customer' })
      .catch(() => undefined))
  const who =
    (doc?.expand?.customer as Customer | undefined)?.name || t('billing.realtime.yourCustomer')
  const what =
    doc?.number ||
    (e.kind === 'invoice' ? t('billing.realtime.anInvoice') : t('billing.realtime.aQuote'))
  if (byCard) {
    const amount = formatMoney(e.detail?.amount_cents ?? 0, e.detail?.currency || 'EUR')
    notify('success', t('billing.realtime.paidByCard', { who, what, amount }))
    return
  }
  if (said) notify(e.type === 'viewed' ? 'info' : 'success', t(said, { who, what }))
}

/**
 * Live updates: another device's changes to this account's records refresh the lists, the
 * records on screen and the dashboard. PocketBase's realtime answers only with records the
 * list rule lets this user see. The SDK reconnects by itself, with the same delays as SPEC §9.
 */
export function useRealtimeSync(enabled: boolean) {
  const qc = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const touched = new Set<Live>()
    const flush = () => {
      timer = undefined
      for (const c of touched) void qc.invalidateQueries({ queryKey: ['records', c] })
      // Payments change invoices and customers' balances: refresh the related records too.
      if (touched.has('payments')) void qc.invalidateQueries({ queryKey: recordKeys.all })
      if (touched.has(BANK_STATEMENTS))
        void qc.invalidateQueries({ queryKey: recordKeys.collection('bank_transactions') })
      touched.clear()
      void qc.invalidateQueries({ queryKey: dashboardKey })
    }
    const unsubscribers: Array<() => Promise<void>> = []
    void loadPb().then(async (pb) => {
      for (const c of COLLECTIONS) {
        if (stopped) return
        try {
          // The current business's records only: the person may belong to others, whose
          // changes must not refresh (or announce) anything here.
          const unsub = await pb.collection(c).subscribe(
            '*',
            (change) => {
              const event = c === EVENTS_COLLECTION ? readEvent(change.record) : null
              if (event && change.action === 'create')
                void tellOwner(pb, event, (k) => qc.getQueryData(k))
              touched.add(c)
              timer ??= setTimeout(flush, 150)
            },
            { filter: scopedFilter(pb) },
          )
          if (stopped) void unsub()
          else unsubscribers.push(unsub)
        } catch {
          // Offline: the SDK retries the connection; lists still refetch on reconnect.
        }
      }
    })
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
      for (const u of unsubscribers) void u().catch(() => {})
    }
  }, [enabled, qc])
}

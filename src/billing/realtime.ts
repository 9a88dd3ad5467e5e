import { useEffect } from 'react'
import { useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query'
import { isPending } from '../lib/data-client'
import { mutationKeys } from '../lib/mutations'
import { loadPb } from '../lib/pocketbase/instance'
import { isNetworkError } from '../lib/pocketbase/errors'
import { mutationErrorMessage } from '../lib/api-errors'
import { dashboardKey, recordKeys } from './queries'
import type { Collection } from './types'
import type { CreateVars, DeleteVars, UpdateVars } from './writes'

export interface PendingWrites {
  creates: CreateVars[]
  updates: UpdateVars[]
  deletes: DeleteVars[]
}

const same = (m: Mutation, key: readonly string[]) =>
  JSON.stringify(m.options.mutationKey) === JSON.stringify(key)

/** Writes to a collection that wait for the network, so screens can show them as pending. */
export function usePendingWrites(collection: Collection): PendingWrites {
  const rows = useMutationState({
    filters: {
      predicate: (m) =>
        isPending(m) &&
        (m.state.variables as { collection?: unknown } | undefined)?.collection === collection,
    },
    select: (m) => ({
      kind: same(m, mutationKeys.recordCreate)
        ? 'create'
        : same(m, mutationKeys.recordUpdate)
          ? 'update'
          : same(m, mutationKeys.recordDelete)
            ? 'delete'
            : 'other',
      vars: m.state.variables,
    }),
  })
  const out: PendingWrites = { creates: [], updates: [], deletes: [] }
  for (const r of rows) {
    if (r.kind === 'create') out.creates.push(r.vars as CreateVars)
    else if (r.kind === 'update') out.updates.push(r.vars as UpdateVars)
    else if (r.kind === 'delete') out.deletes.push(r.vars as DeleteVars)
  }
  return out
}

/** Field messages of a refusal ({field: message}) and the sentence for the whole form. */
export function refusal(error: unknown): { message: string; fields: Record<string, string> } {
  const data = ((error as { response?: { data?: unknown } } | null)?.response?.data ??
    {}) as Record<string, { message?: unknown } | undefined>
  const fields: Record<string, string> = {}
  for (const [k, v] of Object.entries(data)) {
    if (v && typeof v.message === 'string') fields[k] = v.message
  }
  const message = isNetworkError(error)
    ? 'The server could not be reached. Try again when you are back online.'
    : mutationErrorMessage(error)
  return { message, fields }
}

const COLLECTIONS: Collection[] = ['customers', 'quotes', 'invoices', 'payments']

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
    const touched = new Set<Collection>()
    const flush = () => {
      timer = undefined
      for (const c of touched) void qc.invalidateQueries({ queryKey: recordKeys.collection(c) })
      // Payments change invoices and customers' balances: refresh the related records too.
      if (touched.has('payments')) void qc.invalidateQueries({ queryKey: recordKeys.all })
      touched.clear()
      void qc.invalidateQueries({ queryKey: dashboardKey })
    }
    const unsubscribers: Array<() => Promise<void>> = []
    void loadPb().then(async (pb) => {
      for (const c of COLLECTIONS) {
        if (stopped) return
        try {
          const unsub = await pb.collection(c).subscribe('*', () => {
            touched.add(c)
            timer ??= setTimeout(flush, 150)
          })
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

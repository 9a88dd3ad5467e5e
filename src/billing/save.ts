import { useMutationState } from '@tanstack/react-query'
import { refusal, refusalCodeOf } from '@/lib/errors'
import { t } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { isPending, isWrite, runWrite, type WriteDef } from '@/lib/writes'
import type { Collection } from './types'
import { writes, type CreateVars, type DeleteVars, type UpdateVars } from './writes'

export type SaveOutcome<T> =
  | { ok: true; queued: false; data: T }
  | { ok: true; queued: true }
  | { ok: false; message: string; fields: Record<string, string>; code: string }

/**
 * Runs a back-office write through the offline queue. Offline it is kept on this device (and
 * said so); a refusal from the server comes back with its message and field messages.
 */
export async function save<V, R>(
  def: WriteDef<V, R>,
  vars: V,
  /** The toast's detail when the write waits for the network (default: "Saved on this device…"). */
  queuedMessage?: string,
): Promise<SaveOutcome<R>> {
  try {
    const r = await runWrite(def, vars)
    if (r.queued) {
      notify('info', t('billing.save.offline'), queuedMessage ?? t('billing.save.queued'))
      return { ok: true, queued: true }
    }
    return { ok: true, queued: false, data: r.data }
  } catch (error) {
    return { ok: false, ...refusal(error), code: refusalCodeOf(error) }
  }
}

export interface PendingWrites {
  creates: CreateVars[]
  updates: UpdateVars[]
  deletes: DeleteVars[]
}

/**
 * The version an update says it was made from, or none when an earlier change of the same record
 * still waits on this device: that one changes the version first, and this edit builds on it.
 */
export function baseFor(
  pending: PendingWrites,
  id: string,
  version: string | undefined,
): string | undefined {
  return pending.updates.some((u) => u.id === id) ? undefined : version
}

/**
 * True until the server has answered a record's query since `since` (when the page opened): an
 * edit waits for the server's version rather than start from this device's copy, which can be
 * older (restored from a previous visit, or a create's answer the server has since built on).
 * Offline (the fetch paused) or when the fetch failed, the copy here it is.
 */
export function openingStale(
  q: { dataUpdatedAt: number; fetchStatus: string; isError: boolean },
  since: number,
): boolean {
  return q.dataUpdatedAt < since && q.fetchStatus !== 'paused' && !q.isError
}

/** Writes to a collection that wait for the network, so screens can show them as pending. */
export function usePendingWrites(collection: Collection): PendingWrites {
  const rows = useMutationState({
    filters: {
      predicate: (m) =>
        isPending(m) &&
        (m.state.variables as { collection?: unknown } | undefined)?.collection === collection,
    },
    select: (m) => m,
  })
  const out: PendingWrites = { creates: [], updates: [], deletes: [] }
  // The registry filed each under its write; the variables are that write's (typed when queued).
  for (const m of rows) {
    if (isWrite(m, writes.recordCreate)) out.creates.push(m.state.variables as CreateVars)
    else if (isWrite(m, writes.recordUpdate)) out.updates.push(m.state.variables as UpdateVars)
    else if (isWrite(m, writes.recordDelete)) out.deletes.push(m.state.variables as DeleteVars)
  }
  return out
}

/**
 * Saves a record's form: a create under the id made on this device (so a replay makes it once),
 * or an update from the version the form opened with (none while an earlier change of it waits).
 */
export function saveRecord(vars: {
  collection: Collection
  id: string
  editing: boolean
  body: Record<string, unknown>
  label: string
  pending: PendingWrites
  version?: string
}) {
  const { collection, id, body, label } = vars
  return vars.editing
    ? save(writes.recordUpdate, {
        collection,
        id,
        body,
        label,
        base: baseFor(vars.pending, id, vars.version),
      })
    : save(writes.recordCreate, { collection, id, body, label })
}

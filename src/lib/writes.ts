import { onlineManager, type Mutation, type QueryClient } from '@tanstack/react-query'
import { isNetworkError, mutationErrorMessage } from './errors'
import { notify } from './toast'
import { t } from './i18n'

/**
 * The write registry. Every write of the app is a definition registered here by its area
 * (billing, the account…); this layer runs them through one queue and knows none of them.
 *
 * A write made offline is persisted with its key and its variables only; after a reload the
 * queue finds its function again by the key. So a key is forever: renaming one lists the old
 * key in `formerKeys`, and a saved write under it is moved to the new one on restore.
 */
export type WriteKey = readonly [string, string]

/** Where a write runs: the business whose queue holds it (each business has its own). */
export interface WriteContext {
  readonly business: string
}

export interface WriteDef<V, R = unknown> {
  readonly key: WriteKey
  readonly formerKeys?: readonly WriteKey[]
  /**
   * Sends the write. It must be safe to replay (a lost answer means it is sent again). It runs in
   * the business it was made in, even when the person has switched to another since.
   */
  run(vars: V, ctx: WriteContext): Promise<R>
  /** Shows the write at once in the cached data (offline too); the server's answer replaces it. */
  optimistic?(qc: QueryClient, vars: NoInfer<V>): void
  /** After the server answered, accepted or refused: refresh what the write touched. */
  settled?(qc: QueryClient, vars: NoInfer<V>): void
  /** What the user sees in the list of waiting or refused changes ("Invoice for Acme"). */
  describe(vars: NoInfer<V>): string
  /** The toast once a write made offline has been sent (default: "Offline change sent"). */
  sentNotice?(vars: NoInfer<V>): { title: string; detail?: string }
}

/** A typed write definition (the identity: it only checks the shape). */
export const defineWrite = <V, R>(def: WriteDef<V, R>): WriteDef<V, R> => def

// Methods are bivariant in their parameters, so any WriteDef<V, R> is a WriteDef<unknown>.
type AnyWrite = WriteDef<unknown>
/** What the registry reads of a queued write, whatever its types. */
interface AnyMutation {
  options: { mutationKey?: readonly unknown[] }
  state: { variables: unknown; error: unknown }
}

const keyId = (key: readonly unknown[] | undefined) => JSON.stringify(key ?? [])
const registry = new Map<string, AnyWrite>()
const formerKeys = new Map<string, WriteKey>()
const clients = new Set<QueryClient>()
const businessOf = new WeakMap<QueryClient, string>()

/** Adds writes to the registry (and to every client already made): call it before they run. */
export function registerWrites(defs: readonly AnyWrite[]) {
  for (const def of defs) {
    const id = keyId(def.key)
    const known = registry.get(id)
    if (known && known !== def) throw new Error(`Two writes are registered as ${id}`)
    registry.set(id, def)
    for (const old of def.formerKeys ?? []) formerKeys.set(keyId(old), def.key)
    for (const qc of clients) applyWrite(qc, def)
  }
}

/** The registered write a queued mutation runs, if any. */
export const writeOf = (m: Pick<AnyMutation, 'options'>): AnyWrite | undefined =>
  registry.get(keyId(m.options.mutationKey))

/** The key a saved write is filed under now: its own, or the new key of a renamed write. */
export function currentKey(key: readonly unknown[] | undefined): WriteKey | null {
  const id = keyId(key)
  const def = registry.get(id)
  return def ? def.key : (formerKeys.get(id) ?? null)
}

export const isWrite = (m: Pick<AnyMutation, 'options'>, def: AnyWrite) =>
  keyId(m.options.mutationKey) === keyId(def.key)

function applyWrite(qc: QueryClient, def: AnyWrite) {
  qc.setMutationDefaults(def.key, {
    mutationFn: (vars: unknown) => def.run(vars, { business: businessOf.get(qc) ?? '' }),
    onMutate: (vars: unknown) => def.optimistic?.(qc, vars),
    onSuccess: (_data, vars, _r, ctx) => {
      if (ctx.meta?.queued) {
        const n = def.sentNotice?.(vars) ?? {
          title: t('shell.writes.offlineSent'),
          detail: def.describe(vars),
        }
        notify('success', n.title, n.detail)
      }
      def.settled?.(qc, vars)
    },
    onError: (error, vars, _r, ctx) => {
      // A cached copy may show a change the server refused: settled fetches it again.
      def.settled?.(qc, vars)
      if (ctx.meta?.queued)
        notify('error', t('shell.writes.offlineRefused'), mutationErrorMessage(error))
    },
    // Screens show refusals next to the fields; queued ones are listed in the header.
    meta: { silent: true },
  })
}

/**
 * Gives a client (one business's) the registered writes, now and as more are registered;
 * returns the undo.
 */
export function applyWrites(qc: QueryClient, business = ''): () => void {
  businessOf.set(qc, business)
  clients.add(qc)
  for (const def of registry.values()) applyWrite(qc, def)
  return () => clients.delete(qc)
}

let active: QueryClient | null = null

/** The signed-in session's client makes itself the one writes run on; returns the undo. */
export function activateClient(qc: QueryClient): () => void {
  active = qc
  return () => {
    if (active === qc) active = null
  }
}

export type QueueResult<T> = { queued: false; data: T } | { queued: true }

/**
 * Runs a write through the queue. Online, it resolves with the server's answer. Offline, the
 * write pauses (and is persisted); this resolves at once with `queued: true` and the write is
 * sent, once, when the network returns.
 */
export async function runWrite<V, R>(
  def: WriteDef<V, R>,
  vars: V,
  qc: QueryClient | null = active,
): Promise<QueueResult<R>> {
  if (!qc) throw new Error('No signed-in session to write with')
  if (registry.get(keyId(def.key)) !== def) throw new Error(`${keyId(def.key)} is not registered`)
  const defaults = qc.getMutationDefaults(def.key)
  // Each write gets its own meta object: it is marked in place when it pauses, and the persisted
  // snapshot (which refers to it) is written a moment later with the mark.
  const meta: Record<string, unknown> = { ...defaults.meta }
  // Known offline: marked before it runs, so even the first saved copy says it was queued.
  if (!onlineManager.isOnline()) meta.queued = true
  const mutation = qc.getMutationCache().build(qc, { ...defaults, mutationKey: def.key, meta })
  const done = mutation.execute(vars) as Promise<R>
  const outcome = await Promise.race([
    done.then((data) => ({ queued: false as const, data })),
    new Promise<'tick'>((r) => setTimeout(() => r('tick'), 0)),
  ])
  if (outcome !== 'tick') return outcome
  if (mutation.state.isPaused) {
    meta.queued = true
    done.catch(() => {})
    return { queued: true }
  }
  return { queued: false, data: await done }
}

/** Sends a refused write again, as a new write with the same input. */
export function retryWrite(qc: QueryClient, m: Mutation) {
  qc.getMutationCache().remove(m)
  const key = m.options.mutationKey ?? []
  void qc
    .getMutationCache()
    .build(qc, { ...qc.getMutationDefaults(key), mutationKey: key, meta: m.options.meta })
    .execute(m.state.variables)
    .catch(() => {})
}

/** Queued changes that wait for the network. */
export const isPending = (m: Mutation) => m.state.isPaused

/** Queued changes the server refused once replayed; kept so the user's input is not lost. */
export const isRefused = (m: Mutation) =>
  m.state.status === 'error' && m.meta?.queued === true && !isNetworkError(m.state.error)

/**
 * Why a queued change was refused. A saved write whose key no registered write knows was made by
 * an older version of the app: it can no longer be sent.
 */
export function refusalMessage(m: AnyMutation): string {
  return writeOf(m) ? mutationErrorMessage(m.state.error) : t('shell.writes.stale')
}

/** What a queued change was, in the user's words. */
export function describeWrite(m: AnyMutation): string {
  const def = writeOf(m)
  if (def) return def.describe(m.state.variables)
  const label = (m.state.variables as { label?: unknown } | undefined)?.label
  return typeof label === 'string' && label ? label : t('shell.writes.aChange')
}

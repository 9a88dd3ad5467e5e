import { onlineManager, type MutationKey } from '@tanstack/react-query'
import { dataClient } from './data-client'

export type QueueResult<T> = { queued: false; data: T } | { queued: true }

/**
 * Runs a write through the queue. Online, it resolves with the server's answer. Offline, the
 * write pauses (and is persisted); this resolves at once with `queued: true` and the write is
 * sent, once, when the network returns.
 */
export async function runQueued<T>(key: MutationKey, variables: unknown): Promise<QueueResult<T>> {
  const qc = dataClient()
  const defaults = qc.getMutationDefaults(key)
  // Each write gets its own meta object: it is marked in place when it pauses, and the persisted
  // snapshot (which refers to it) is written a moment later with the mark.
  const meta: Record<string, unknown> = { ...defaults.meta }
  // Known offline: marked before it runs, so even the first saved copy says it was queued.
  if (!onlineManager.isOnline()) meta.queued = true
  const mutation = qc.getMutationCache().build(qc, { ...defaults, mutationKey: key, meta })
  const done = mutation.execute(variables) as Promise<T>
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

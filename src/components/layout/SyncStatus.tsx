import { useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import {
  describeWrite,
  isPending,
  isRefused,
  refusalMessage,
  retryWrite,
  writeOf,
} from '@/lib/writes'
import { Button } from '../ui/button'

const select = (m: Mutation) => m

/** How many changes wait to be sent, and the ones the server refused (with what was typed). */
export function SyncStatus() {
  const qc = useQueryClient()
  const pending = useMutationState({ filters: { predicate: isPending }, select })
  const refused = useMutationState({ filters: { predicate: isRefused }, select })
  if (!pending.length && !refused.length) return null
  return (
    <div className="grid gap-2 border-b border-border bg-muted px-4 py-2 text-sm">
      {pending.length ? (
        <p role="status">
          {pending.length === 1 ? '1 change' : `${pending.length} changes`} waiting to be sent
        </p>
      ) : null}
      {refused.map((m) => (
        <div key={m.mutationId} role="alert" className="flex flex-wrap items-center gap-2">
          <span>
            Not saved — {describeWrite(m)}: {refusalMessage(m)}
          </span>
          {writeOf(m) ? (
            <Button size="sm" variant="outline" onClick={() => retryWrite(qc, m)}>
              Try again
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => qc.getMutationCache().remove(m)}>
            Discard
          </Button>
        </div>
      ))}
    </div>
  )
}

/** The newest time any cached data was fetched, for the offline banner. */
export function useLastSync(): number {
  const qc = useQueryClient()
  return useSyncExternalStore(
    (l) => qc.getQueryCache().subscribe(l),
    () =>
      Math.max(
        0,
        ...qc
          .getQueryCache()
          .getAll()
          .map((q) => q.state.dataUpdatedAt),
      ),
  )
}

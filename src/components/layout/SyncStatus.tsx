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
import { useT } from '@/lib/i18n'
import { Button } from '../ui/button'

const select = (m: Mutation) => m

/** How many changes wait to be sent, and the ones the server refused (with what was typed). */
export function SyncStatus() {
  const t = useT()
  const qc = useQueryClient()
  const pending = useMutationState({ filters: { predicate: isPending }, select })
  const refused = useMutationState({ filters: { predicate: isRefused }, select })
  if (!pending.length && !refused.length) return null
  return (
    <div className="grid gap-2 border-b border-border bg-muted px-4 py-2 text-sm">
      {pending.length ? (
        <p role="status">
          <bdi>{t('shell.sync.waiting', { count: pending.length })}</bdi>
        </p>
      ) : null}
      {refused.map((m) => (
        <div key={m.mutationId} role="alert" className="flex flex-wrap items-center gap-2">
          <bdi className="min-w-0 break-words">
            {t('shell.sync.notSaved', { change: describeWrite(m), reason: refusalMessage(m) })}
          </bdi>
          {writeOf(m) ? (
            <Button size="sm" variant="outline" onClick={() => retryWrite(qc, m)}>
              {t('common.actions.tryAgain')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => qc.getMutationCache().remove(m)}>
            {t('common.actions.discard')}
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

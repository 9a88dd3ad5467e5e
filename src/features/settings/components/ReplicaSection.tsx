import { useQuery } from '@tanstack/react-query'
import { Card } from '@/components/ui/card'
import { getIntlLocale, useLocale, useT } from '@/lib/i18n'
import { replicaStatusQuery, type ReplicaState } from '../api/data'

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(getIntlLocale(), { dateStyle: 'medium', timeStyle: 'medium' })

/** Go's zero time, which the server sends for "never". */
const never = (iso: string) => !iso || iso.startsWith('0001-')

/**
 * For the server's operator only: where the database streams and how far behind the replica is.
 * Anyone else sees nothing (the server tells them only that they are not the operator).
 */
export function ReplicaSection({ userId }: { userId: string }) {
  const t = useT()
  useLocale() // times follow a language switch
  const status = useQuery(replicaStatusQuery(userId))
  const s = status.data
  if (!s?.operator) return null
  return (
    <Card className="grid gap-2">
      <h2 className="text-lg font-semibold">
        <bdi>{t('settings.account.replica.title')}</bdi>
      </h2>
      {s.configured && s.status ? (
        <>
          <p className="text-sm [overflow-wrap:anywhere]">
            <bdi>{t('settings.account.replica.where', { where: s.status.where })}</bdi>
          </p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" role="status">
            <bdi>{replicaLine(s.status, t)}</bdi>
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          <bdi>{t('settings.account.replica.none')}</bdi>
        </p>
      )}
    </Card>
  )
}

type T = ReturnType<typeof useT>

/** How the replica is doing, in one sentence. */
export function replicaLine(s: ReplicaState, t: T): string {
  if (s.error) {
    return t('settings.account.replica.failing', {
      time: formatTime(s.failing_since),
      error: s.error,
    })
  }
  if (s.behind_seconds > 0) {
    return t('settings.account.replica.behind', { seconds: s.behind_seconds.toFixed(1) })
  }
  if (never(s.last_upload)) return t('settings.account.replica.starting')
  return t('settings.account.replica.upToDate', { time: formatTime(s.last_upload) })
}

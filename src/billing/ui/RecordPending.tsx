import { Alert } from '@/components/ui/card'
import { NotCachedOffline, useWaitingOffline } from '@/components/ui/offline-note'
import { useT } from '@/lib/i18n'

/**
 * What a record page shows before its record is at hand: loading, or why it can't be shown
 * (offline, a record never opened on this device says so instead of loading for ever).
 * `what` is the record: "invoice", "quote", "customer" or "document".
 */
export function RecordPending({ failed, what }: { failed: boolean; what: string }) {
  const t = useT()
  const offline = useWaitingOffline(!failed)
  return failed ? (
    <Alert>{t('billing.recordPending.failed', { what })}</Alert>
  ) : offline ? (
    <NotCachedOffline />
  ) : (
    <p role="status">{t('billing.recordPending.loading')}</p>
  )
}

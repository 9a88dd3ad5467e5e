import { Alert } from '@/components/ui/card'
import { useT } from '@/lib/i18n'

/**
 * What a record page shows before its record is at hand: loading, or why it can't be shown.
 * `what` is the record: "invoice", "quote", "customer" or "document".
 */
export function RecordPending({ failed, what }: { failed: boolean; what: string }) {
  const t = useT()
  return failed ? (
    <Alert>{t('billing.recordPending.failed', { what })}</Alert>
  ) : (
    <p role="status">{t('billing.recordPending.loading')}</p>
  )
}

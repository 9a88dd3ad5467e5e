import { Alert } from '@/components/ui/card'

/** What a record page shows before its record is at hand: loading, or why it can't be shown. */
export function RecordPending({ failed, what }: { failed: boolean; what: string }) {
  return failed ? (
    <Alert>
      This {what} could not be loaded. It may have been deleted — or you are offline and it was
      never opened on this device.
    </Alert>
  ) : (
    <p role="status">Loading…</p>
  )
}

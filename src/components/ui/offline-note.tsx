import { CloudOff } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { useOnline } from '@/lib/use-online'

/**
 * What a screen shows instead of loading for ever when it has nothing cached and the device is
 * offline: that it is not available offline yet, and that it loads once back online.
 */
export function NotCachedOffline() {
  const t = useT()
  return (
    <p
      role="status"
      className="flex max-w-prose items-start gap-2 rounded-lg border border-border bg-muted/50 p-4 text-sm"
    >
      <CloudOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>{t('common.offline.notCached')}</span>
    </p>
  )
}

/** Whether a screen still waiting for its first data should say it is not available offline. */
export const useWaitingOffline = (waiting: boolean) => !useOnline() && waiting

import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { loadPb } from '@/lib/pocketbase/instance'
import { recordKeys, dashboardKey } from './queries'
import type { Collection } from './types'

const COLLECTIONS: Collection[] = ['customers', 'quotes', 'invoices', 'payments']

/**
 * Live updates: another device's changes to this account's records refresh the lists, the
 * records on screen and the dashboard. PocketBase's realtime answers only with records the
 * list rule lets this user see. The SDK reconnects by itself, with the same delays as SPEC §9.
 */
export function useRealtimeSync(enabled: boolean) {
  const qc = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const touched = new Set<Collection>()
    const flush = () => {
      timer = undefined
      for (const c of touched) void qc.invalidateQueries({ queryKey: recordKeys.collection(c) })
      // Payments change invoices and customers' balances: refresh the related records too.
      if (touched.has('payments')) void qc.invalidateQueries({ queryKey: recordKeys.all })
      touched.clear()
      void qc.invalidateQueries({ queryKey: dashboardKey })
    }
    const unsubscribers: Array<() => Promise<void>> = []
    void loadPb().then(async (pb) => {
      for (const c of COLLECTIONS) {
        if (stopped) return
        try {
          const unsub = await pb.collection(c).subscribe('*', () => {
            touched.add(c)
            timer ??= setTimeout(flush, 150)
          })
          if (stopped) void unsub()
          else unsubscribers.push(unsub)
        } catch {
          // Offline: the SDK retries the connection; lists still refetch on reconnect.
        }
      }
    })
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
      for (const u of unsubscribers) void u().catch(() => {})
    }
  }, [enabled, qc])
}

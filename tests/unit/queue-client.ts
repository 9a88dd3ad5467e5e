import { QueryClient } from '@tanstack/react-query'
import { applyWrites } from '@/lib/writes'

/**
 * A client as a signed-in session makes it: one queue, network failures retried, the registered
 * writes applied (run in `business`), mounted so paused writes resume when the network returns.
 */
export function newQueueClient(business = '') {
  const qc = new QueryClient({
    defaultOptions: {
      mutations: {
        scope: { id: 'folio-writes' },
        retry: (count, error) => count < 3 && (error as { status?: number } | null)?.status === 0,
        retryDelay: 1,
      },
    },
  })
  applyWrites(qc, business)
  qc.mount()
  return qc
}

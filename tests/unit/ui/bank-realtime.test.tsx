// Live updates of the bank screen: an import on another device writes its transactions in bulk
// (no event each) and then saves its statement, which refreshes the transactions here.
import { describe, expect, it, vi } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'

type Listener = (change: { action: string; record: Record<string, unknown> }) => void
const listeners = new Map<string, Listener>()
vi.mock('@/lib/pocketbase/instance', () => ({
  AUTH_STORE_KEY: 'pocketbase_auth',
  loadPb: async () => ({
    filter: (expr: string) => expr,
    collection: (name: string) => ({
      subscribe: async (_topic: string, fn: Listener) => {
        listeners.set(name, fn)
        return async () => {}
      },
    }),
  }),
}))

const { useRealtimeSync } = await import('@/billing/realtime')
const { inBusiness } = await import('./business-fixture')

describe('live bank transactions', () => {
  it("another device's import refreshes the transactions on screen", async () => {
    inBusiness('member')
    const qc = new QueryClient()
    const invalidate = vi.spyOn(qc, 'invalidateQueries')
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    )
    renderHook(() => useRealtimeSync(true), { wrapper })
    await waitFor(() => expect([...listeners.keys()]).toContain('bank_statements'))
    listeners.get('bank_statements')?.({ action: 'update', record: { id: 's1' } })
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['records', 'bank_transactions'] }),
    )
  })
})

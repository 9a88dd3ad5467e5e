import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'

const send = vi.fn(async (_path: string, _o?: unknown) => ({
  business_name: 'Harbour Works',
  role: 'accountant',
  email: 'ada@example.com',
  inviter_name: 'Olga',
  expires: '2026-12-04 10:00:00.000Z',
}))
vi.mock('@/lib/pocketbase/instance', () => ({ loadPb: async () => ({ send }) }))
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }))
vi.mock('@/lib/auth-context', () => ({
  useAuthSelector: () => null,
  useAuthActor: () => ({ send: vi.fn() }),
}))
vi.mock('wouter', async (actual) => ({
  ...(await actual<typeof import('wouter')>()),
  useParams: () => ({ token: 'tok-1' }),
}))

const { default: JoinPage } = await import('@/features/team/JoinPage')

describe('/join/:token opened signed out', () => {
  it('shows the invitation with no data layer around it (a public page)', async () => {
    // No QueryClientProvider: the public routes have none.
    render(<JoinPage />)
    expect(
      await screen.findByRole('heading', { name: 'An invitation to Harbour Works' }),
    ).toBeInTheDocument()
    expect(send).toHaveBeenCalledWith('/api/folio/join/tok-1', {})
    expect(screen.getByRole('form', { name: 'New to Folio? Create your account' })).toBeVisible()
  })
})

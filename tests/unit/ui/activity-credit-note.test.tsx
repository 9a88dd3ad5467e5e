// An invoice's activity shows the credit notes mailed for it, like its own sending, in the
// reader's language.
import { afterAll, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { LOCALES, setLocale } from '@/lib/i18n'

const events = [
  {
    id: 'ev2',
    kind: 'invoice',
    document: 'inv1',
    type: 'credit_note_sent',
    detail: { credit_note: 'cn1', number: 'CN-00003', to: 'ap@acme.test', cc: [] },
    actor_name: 'Ana',
    created: '2026-11-27 09:00:00.000Z',
  },
  {
    id: 'ev1',
    kind: 'invoice',
    document: 'inv1',
    type: 'sent',
    detail: { to: 'ap@acme.test', cc: [] },
    created: '2026-11-26 09:00:00.000Z',
  },
]
vi.mock('@/lib/pocketbase/instance', () => ({
  AUTH_STORE_KEY: 'pocketbase_auth',
  loadPb: async () => ({
    collection: () => ({ getList: async () => ({ items: events }) }),
    filter: (expr: string) => expr,
  }),
}))

const { ActivityTimeline } = await import('@/billing/ui/documents/ActivityTimeline')

const renderTimeline = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ActivityTimeline documentId="inv1" />
    </QueryClientProvider>,
  )

describe('the activity of an invoice with a credit note sent', () => {
  afterAll(() => setLocale('en'))

  it('names the credit note, its recipient and who sent it', async () => {
    renderTimeline()
    const items = await screen.findAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Credit note CN-00003 sent to ap@acme.test (Ana)')
    expect(items[1]).toHaveTextContent('Sent to ap@acme.test')
  })

  it('is said in every language, never as a key', async () => {
    for (const locale of LOCALES) {
      await setLocale(locale)
      const { unmount } = renderTimeline()
      const [first] = await screen.findAllByRole('listitem')
      expect(first, locale).toHaveTextContent('CN-00003')
      expect(first, locale).toHaveTextContent('ap@acme.test')
      expect(first?.textContent, locale).not.toContain('billing.event')
      unmount()
    }
  })
})

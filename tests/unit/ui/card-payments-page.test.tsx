// /settings/card-payments: owners and admins connect Stripe; the page shows the account and the
// test-mode badge, never a secret, and says in a sentence what Stripe refused.
import { describe, expect, it, vi, beforeEach } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ClientResponseError } from 'pocketbase'

const disconnected = {
  connected: false,
  account: '',
  test_mode: false,
  has_secret_key: false,
  has_webhook_secret: false,
  webhook_path: '/api/folio/stripe/biz/webhook',
}
const connected = {
  ...disconnected,
  connected: true,
  account: 'acct_123',
  test_mode: true,
  has_secret_key: true,
  has_webhook_secret: true,
}
const send = vi.fn()
vi.mock('@/lib/pocketbase/instance', () => ({ loadPb: async () => ({ send }) }))

const { default: CardPaymentsPage } = await import('@/features/settings/CardPaymentsPage')
const { inBusiness } = await import('./business-fixture')

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <CardPaymentsPage />
    </QueryClientProvider>,
  )
}

beforeEach(() => send.mockReset())

describe('/settings/card-payments', () => {
  it('an owner connects: the secrets go to the server once, the page shows the account and test mode', async () => {
    inBusiness('owner')
    send.mockImplementation(async (_path: string, o?: { method?: string }) =>
      o?.method === 'PUT' ? connected : disconnected,
    )
    renderPage()
    expect(await screen.findByText(/Not connected/)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Secret key'), 'sk_test_abc12345678')
    await userEvent.type(screen.getByLabelText('Webhook signing secret'), 'whsec_abc12345678')
    await userEvent.click(screen.getByRole('button', { name: 'Save and connect' }))
    expect(await screen.findByText('Connected, account acct_123')).toBeInTheDocument()
    expect(screen.getByText('Test mode')).toBeInTheDocument()
    const put = send.mock.calls.find(([, o]) => (o as { method?: string })?.method === 'PUT')
    expect(put?.[1]).toMatchObject({
      body: { secret_key: 'sk_test_abc12345678', webhook_secret: 'whsec_abc12345678' },
    })
    // Typed once: the fields are emptied and the secret is not on the page.
    expect(screen.getByLabelText('Secret key')).toHaveValue('')
    expect(document.body.textContent).not.toContain('sk_test_abc12345678')
    expect(screen.getByRole('button', { name: 'Test the connection' })).toBeVisible()
  })

  it('says what Stripe refused, in a sentence', async () => {
    inBusiness('admin')
    send.mockImplementation(async (path?: string) => {
      if (path?.endsWith('/test'))
        throw new ClientResponseError({
          status: 400,
          url: path,
          response: {
            message: 'Stripe refused the key.',
            data: { '@refusal': { code: 'folio_stripe_key_refused', message: 'x' } },
          },
        })
      return connected
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Test the connection' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/Stripe refused the key/)
  })

  it('a member reads who can connect, and the server is not asked', async () => {
    inBusiness('member')
    send.mockResolvedValue(connected)
    renderPage()
    expect(screen.getByRole('note')).toHaveTextContent('Only owners and admins can connect Stripe.')
    expect(screen.queryByLabelText('Secret key')).toBeNull()
    expect(send).not.toHaveBeenCalled()
  })
})

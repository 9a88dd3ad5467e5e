// "Pay by card" on the customer's page: offered only when the server says the business takes
// cards, it sends the customer to the Checkout address the server answers, and the page says
// what happened when Stripe sends them back.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PublicDocumentPage } from '@/features/public-document/PublicDocumentPage'
import { invoiceFixture } from '../lib/pdf-fixture'

const doc = invoiceFixture({
  language: 'en',
  number: 'INV-00042',
  status: 'sent',
  balance_cents: 12000,
})
const assign = vi.fn()

function serve(offer: { available: boolean }, checkout = 'https://checkout.stripe.com/c/pay/cs_1') {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const u = String(url)
    if (u.endsWith('/tok')) return new Response(JSON.stringify(doc), { status: 200 })
    if (u.endsWith('/tok/card') && init?.method === 'POST')
      return new Response(JSON.stringify({ url: checkout }), { status: 200 })
    if (u.endsWith('/tok/card'))
      return new Response(
        JSON.stringify({ ...offer, amount_cents: 12000, currency: doc.currency }),
        { status: 200 },
      )
    return new Response('{}', { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

beforeEach(() => {
  localStorage.clear()
  vi.stubGlobal('location', { ...window.location, search: '', assign })
})
afterEach(() => {
  vi.unstubAllGlobals()
  assign.mockReset()
})

describe('pay by card', () => {
  it('sends the customer to the Checkout page the server asked Stripe for', async () => {
    const fetch = serve({ available: true })
    render(<PublicDocumentPage token="tok" />)
    // The page's messages load first (lazily, once per language): the first render takes longer.
    const pay = await screen.findByRole('button', { name: /by card/ }, { timeout: 5000 })
    expect(pay).toHaveTextContent(/^Pay .*120\.00 by card$/)
    await userEvent.click(pay)
    expect(fetch).toHaveBeenCalledWith(
      '/api/folio/public/documents/tok/card',
      expect.objectContaining({ method: 'POST' }),
    )
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1')
  })

  it('is not offered when the business takes no cards', async () => {
    serve({ available: false })
    render(<PublicDocumentPage token="tok" />)
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /by card/ })).toBeNull()
  })

  it('says the payment was cancelled when Stripe sends the customer back', async () => {
    vi.stubGlobal('location', { ...window.location, search: '?card=cancel', assign })
    serve({ available: true })
    render(<PublicDocumentPage token="tok" />)
    expect(
      await screen.findByText(
        'The card payment was cancelled and nothing was charged. You can try again.',
      ),
    ).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: /by card/ })).toBeInTheDocument()
  })
})

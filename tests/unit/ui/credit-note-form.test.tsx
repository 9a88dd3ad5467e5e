// The credit-note editor copies the invoice's lines: a line with a discount says it, so the
// credited amounts are read with the discount they carry.
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

const invoice = {
  id: 'invcredit000001',
  collectionId: 'invoices',
  number: 'INV-00007',
  status: 'sent',
  currency: 'EUR',
  issue_date: '2026-11-01 00:00:00.000Z',
  due_date: '2026-11-15 00:00:00.000Z',
  discount_percent: 0,
  total_cents: 21420,
  paid_cents: 0,
  balance_cents: 21420,
  credited_cents: 0,
  tax_breakdown: [{ rate: 19, net_cents: 18000, tax_cents: 3420 }],
  items: [
    {
      id: 'l1',
      description: 'Workshop day',
      quantity: 2,
      unit: 'day',
      unit_price_cents: 10000,
      discount_percent: 10,
      tax_rate: 19,
    },
    {
      id: 'l2',
      description: 'Travel',
      quantity: 1,
      unit: '',
      unit_price_cents: 1000,
      discount_percent: 0,
      tax_rate: 19,
    },
  ],
}
vi.mock('@/lib/pocketbase/instance', () => ({
  AUTH_STORE_KEY: 'pocketbase_auth',
  loadPb: async () => ({
    collection: () => ({ getOne: async () => invoice, getFullList: async () => [] }),
    filter: (expr: string) => expr,
  }),
}))

const { default: CreditNoteFormPage } = await import('@/features/credit-notes/CreditNoteFormPage')

describe('the credit-note editor', () => {
  it('says each line’s discount with its tax', async () => {
    const location = memoryLocation({ path: `/credit-notes/new/${invoice.id}` })
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={location.hook}>
          <Route path="/credit-notes/new/:invoice" component={CreditNoteFormPage} />
        </Router>
      </QueryClientProvider>,
    )
    expect(await screen.findByLabelText('Line 1 unit price (EUR)')).toHaveAccessibleDescription(
      'Tax 19% · discount 10%',
    )
    expect(screen.getByLabelText('Line 2 unit price (EUR)')).toHaveAccessibleDescription('Tax 19%')
  })
})

// An expense's page by role: members record (Edit), only owners and admins delete, the accountant
// reads the expense with its VAT lines and receipt and has neither.
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

const expense = {
  id: 'exp000000000001',
  collectionId: 'expenses',
  vendor: '',
  vendor_name: 'Bakery Lang',
  number: 'R-17',
  date: '2026-11-02 00:00:00.000Z',
  due_date: '',
  description: 'Coffee for the team',
  category: 'Meals',
  currency: 'EUR',
  vat_lines: [
    { rate: 7, net_cents: 1000, vat_cents: 70, gross_cents: 1070 },
    { rate: 19, net_cents: 2000, vat_cents: 380, gross_cents: 2380 },
  ],
  net_cents: 3000,
  vat_cents: 450,
  total_cents: 3450,
  payment_state: 'paid',
  paid_on: '2026-11-03 00:00:00.000Z',
  payment_method: 'card',
  note: '',
  receipt: 'receipt_abc123.pdf',
  source_file: '',
  source_format: '',
  created: '',
  updated: '',
}
vi.mock('@/lib/pocketbase/instance', () => ({
  AUTH_STORE_KEY: 'pocketbase_auth',
  loadPb: async () => ({
    collection: () => ({ getOne: async () => expense }),
    files: { getToken: async () => 'file-token' },
    authStore: { record: { id: 'u1' } },
  }),
}))

vi.mock('@/lib/auth-context', () => ({ useAuthSelector: () => ({ id: 'u1', name: 'Ada' }) }))

const { default: ExpensePage } = await import('@/features/expenses/ExpensePage')
const { inBusiness } = await import('./business-fixture')

async function renderPage() {
  const location = memoryLocation({ path: `/expenses/${expense.id}` })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={location.hook}>
        <Route path="/expenses/:id" component={ExpensePage} />
      </Router>
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { name: 'Bakery Lang', level: 1 })
}

describe('an expense’s page by role', () => {
  it.each([
    ['owner', true],
    ['admin', true],
    ['member', false],
  ] as const)('%s: edits it; deletes it: %s', async (role, deletes) => {
    inBusiness(role)
    await renderPage()
    expect(screen.getByRole('button', { name: 'Edit' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Delete' }) !== null).toBe(deletes)
  })

  it('accountant: reads the lines, the totals and the receipt; no Edit, no Delete', async () => {
    inBusiness('accountant')
    await renderPage()
    expect(screen.getByRole('cell', { name: '€23.80' })).toBeVisible()
    expect(screen.getByRole('cell', { name: '€34.50' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })
})

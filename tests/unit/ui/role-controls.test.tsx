import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { Invoice } from '@/billing/types'

vi.mock('@/lib/pocketbase/instance', () => ({ loadPb: async () => ({}) }))
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }))

const { DocumentActions } = await import('@/billing/ui/documents/DocumentActions')
const { inBusiness } = await import('./business-fixture')

const invoice = {
  id: 'inv1',
  status: 'draft',
  number: '',
  currency: 'EUR',
  items: [],
  total_cents: 0,
} as unknown as Invoice

function renderActions() {
  const qc = new QueryClient()
  render(
    <QueryClientProvider client={qc}>
      <DocumentActions
        kind="invoices"
        doc={invoice}
        customer={undefined}
        seller={undefined}
        can={() => true}
      >
        <button type="button">Record payment</button>
      </DocumentActions>
    </QueryClientProvider>,
  )
}

describe('a document’s actions by role', () => {
  it.each(['owner', 'admin', 'member'] as const)(
    '%s: send, edit, the kind’s own actions and the menu',
    (role) => {
      inBusiness(role)
      renderActions()
      expect(screen.getByRole('button', { name: 'Send' })).toBeVisible()
      expect(screen.getByRole('link', { name: 'Edit' })).toBeVisible()
      expect(screen.getByRole('button', { name: 'Record payment' })).toBeVisible()
      expect(screen.getByRole('button', { name: 'More actions' })).toBeVisible()
    },
  )

  it('accountant: print and download only, nothing that would be refused', () => {
    inBusiness('accountant')
    renderActions()
    expect(screen.getByRole('link', { name: 'Print' })).toBeVisible()
    expect(screen.getByRole('button', { name: /Download PDF/ })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull()
  })
})

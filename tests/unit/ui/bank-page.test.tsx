// The bank screen by role: writers import and confirm in one click, owners and admins also
// choose automatic confirmation, the accountant reads the transactions and is told who can act.
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { BankTransaction } from '@/billing/types'

const tx: BankTransaction = {
  id: 'tx1',
  owner: '',
  created: '2026-03-02 10:00:00.000Z',
  updated: '2026-03-02 10:00:00.000Z',
  business: 'b1',
  statement: 's1',
  bank_ref: 'R1',
  booking_date: '2026-03-02 00:00:00.000Z',
  value_date: '',
  amount_cents: 11900,
  currency: 'EUR',
  credit: true,
  account: 'DE89370400440532013000',
  counterparty: 'Mueller GmbH',
  counterparty_iban: '',
  remittance: 'Rechnung INV-00042',
  creditor_ref: '',
  state: 'certain',
  invoice: 'inv42',
  candidates: [{ invoice: 'inv42', number: 'INV-00042', reasons: ['number_in_remittance'] }],
  reasons: ['number_in_remittance', 'amount_equals_balance'],
  payment: '',
  expand: undefined,
}
vi.mock('@/lib/pocketbase/instance', () => ({
  AUTH_STORE_KEY: 'pocketbase_auth',
  loadPb: async () => ({
    filter: (expr: string) => expr,
    collection: (name: string) => ({
      getList: async () =>
        name === 'bank_transactions'
          ? { page: 1, perPage: 30, totalItems: 1, totalPages: 1, items: [tx] }
          : { page: 1, perPage: 10, totalItems: 0, totalPages: 0, items: [] },
      getOne: async () => ({ id: 'b1', bank_auto_confirm: false }),
    }),
  }),
}))
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }))

const { default: BankPage } = await import('@/features/bank/BankPage')
const { inBusiness } = await import('./business-fixture')

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={qc}>
      <BankPage />
    </QueryClientProvider>,
  )
}

const only = 'Only owners, admins and members can import statements and record their payments.'

describe('the bank screen by role', () => {
  it('a member imports and confirms a certain match in one click', async () => {
    inBusiness('member')
    renderPage()
    expect((await screen.findAllByText('INV-00042')).length).toBeGreaterThan(0)
    expect(screen.getByLabelText('Import statement')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument()
    expect(screen.getAllByText(/invoice number in the reference text/).length).toBeGreaterThan(0)
    expect(screen.queryByLabelText('Confirm certain matches automatically')).toBeNull()
    expect(screen.queryByText(only)).toBeNull()
  })

  it('an admin also chooses automatic confirmation', async () => {
    inBusiness('admin')
    renderPage()
    expect(await screen.findByLabelText(/Confirm certain matches automatically/)).not.toBeChecked()
  })

  it('an accountant reads the transactions, with no control that would fail', async () => {
    inBusiness('accountant')
    renderPage()
    expect((await screen.findAllByText('INV-00042')).length).toBeGreaterThan(0)
    expect(screen.getByRole('note')).toHaveTextContent(only)
    expect(screen.queryByLabelText('Import statement')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull()
  })
})

import { describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const seller = {
  id: 'b1',
  collectionId: 'businesses',
  company_name: 'Alice & Co',
  default_currency: 'EUR',
  iban: 'DE89370400440532013000',
  bank_holder: 'Alice & Co',
}
const getOne = vi.fn(async () => seller)
vi.mock('@/lib/pocketbase/instance', () => ({
  AUTH_STORE_KEY: 'pocketbase_auth',
  loadPb: async () => ({
    collection: () => ({ getOne }),
    send: async () => ({
      schedule: '',
      keep: 0,
      target: 'local',
      last: null,
      count: 0,
      operator: false,
    }),
  }),
}))
vi.mock('@/lib/pocketbase/file-token', () => ({ useFileToken: () => null }))
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }))
vi.mock('@/lib/auth-context', () => ({ useAuthSelector: () => ({ id: 'u1', name: 'Ada' }) }))

const { SellerPage } = await import('@/features/settings/SellerPage')
const { default: DataPage } = await import('@/features/settings/DataPage')
const { inBusiness } = await import('./business-fixture')

function renderWith(ui: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>)
}

const bankSentence = 'Only owners and admins can change bank details.'
const accountantSentence = 'Accountants can read and download, not change.'

describe('the bank details page by role', () => {
  it.each(['owner', 'admin'] as const)('an %s gets the form', async (role) => {
    inBusiness(role)
    renderWith(<SellerPage part="bank" />)
    expect(await screen.findByLabelText('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00')
    expect(screen.queryByText(bankSentence)).toBeNull()
  })

  it('a member reads who can, and gets no form that would fail', () => {
    inBusiness('member')
    renderWith(<SellerPage part="bank" />)
    expect(screen.getByRole('note')).toHaveTextContent(bankSentence)
    expect(screen.queryByLabelText('IBAN')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('an accountant is also told what their role is for', () => {
    inBusiness('accountant')
    renderWith(<SellerPage part="bank" />)
    expect(screen.getByRole('note')).toHaveTextContent(`${bankSentence} ${accountantSentence}`)
  })

  it('a role lowered while the page is open takes the form away without a reload', async () => {
    inBusiness('admin')
    renderWith(<SellerPage part="bank" />)
    expect(await screen.findByLabelText('IBAN')).toBeInTheDocument()
    act(() => inBusiness('member'))
    expect(screen.queryByLabelText('IBAN')).toBeNull()
    expect(screen.getByRole('note')).toHaveTextContent(bankSentence)
  })
})

describe('the data export by role', () => {
  it.each([
    ['owner', true],
    ['admin', true],
    ['accountant', true],
    ['member', false],
  ] as const)('%s may download it: %s', async (role, allowed) => {
    inBusiness(role)
    renderWith(<DataPage />)
    const button = screen.queryByRole('button', { name: "Download the business's data" })
    const sentence = screen.queryByText(
      'Only owners, admins and accountants can download the data export.',
    )
    expect(button !== null).toBe(allowed)
    expect(sentence !== null).toBe(!allowed)
  })
})

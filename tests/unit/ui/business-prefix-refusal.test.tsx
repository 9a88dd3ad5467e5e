import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

// The server's copy of the business settings, as the SDK's getOne answers it.
const seller = {
  id: 'u1',
  collectionId: 'users',
  company_name: 'Alice & Co',
  default_currency: 'EUR',
  invoice_prefix: 'INV-',
  quote_prefix: 'QUO-',
  payment_prefix: 'PAY-',
  credit_note_prefix: 'CN-',
  send_subject_template: '{kind} {number}',
  send_message_template: 'Hello',
}
vi.mock('@/lib/pocketbase/instance', () => ({
  AUTH_STORE_KEY: 'pocketbase_auth',
  loadPb: async () => ({ collection: () => ({ getOne: async () => seller }) }),
}))
vi.mock('@/lib/pocketbase/file-token', () => ({ useFileToken: () => null }))
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }))
// The server refuses the prefix as decidePrefixes does, about the field.
const clash =
  'This prefix could give the same numbers as the prefix of your invoices (INV-). Choose a prefix that differs from it by more than capitals or added digits.'
const save = vi.fn(async () => ({
  ok: false,
  message: clash,
  fields: { credit_note_prefix: clash },
}))
vi.mock('@/billing/save', async (original) => ({
  ...(await original<typeof import('@/billing/save')>()),
  save: () => save(),
}))

const { BusinessSection } = await import('@/features/settings/components/BusinessForm')
const { inBusiness } = await import('./business-fixture')
inBusiness()

describe('the business settings show the server’s refusal of a prefix at its field', () => {
  it('credit notes numbered like the invoices', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={qc}>
        <BusinessSection userId="u1" part="business" />
      </QueryClientProvider>,
    )
    const field = await screen.findByLabelText('Credit note prefix')
    await userEvent.clear(field)
    await userEvent.type(field, 'INV-')
    await userEvent.click(screen.getByRole('button', { name: 'Save business details' }))
    expect(save).toHaveBeenCalledOnce()
    expect(field).toHaveAccessibleDescription(expect.stringContaining(clash))
    expect(screen.getByLabelText('Invoice number prefix')).not.toHaveAccessibleDescription(
      expect.stringContaining(clash),
    )
  })
})

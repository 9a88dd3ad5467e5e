// Issue 11: a refusal is shown once (a dialog shows it, so no toast too), and a customer with
// documents is offered Archive instead of a delete the server would refuse.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

const save = vi.fn()
const notify = vi.fn()
vi.mock('@/billing/save', () => ({ save: (...a: unknown[]) => save(...a) }))
vi.mock('@/lib/toast', () => ({ notify: (...a: unknown[]) => notify(...a) }))
const invoices: unknown[] = []
vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    collection: (c: string) => ({ getFullList: async () => (c === 'invoices' ? invoices : []) }),
    filter: (expr: string) => expr,
  }),
}))

const { changeStatus } = await import('@/billing/ui/documents/doc-actions')
const { useCustomerActions } = await import('@/features/customers/components/customer-actions')
const { ConfirmDialog } = await import('@/components/ui/confirm')
type Customer = import('@/billing/types').Customer

beforeEach(() => {
  save.mockReset()
  notify.mockReset()
  invoices.length = 0
})

describe('a status change refused by the server', () => {
  const doc = { id: 'inv1', number: 'INV-00001' }
  it('is a toast from a button', async () => {
    save.mockResolvedValue({ ok: false, message: 'Refused.', fields: {} })
    expect(await changeStatus('invoices', doc, { status: 'sent' }, 'markedSent')).toBe('Refused.')
    expect(notify).toHaveBeenCalledTimes(1)
  })
  it('is only returned to a dialog that shows it itself', async () => {
    save.mockResolvedValue({ ok: false, message: 'Refused.', fields: {} })
    const r = await changeStatus('invoices', doc, { status: 'void' }, 'voided', 'inline')
    expect(r).toBe('Refused.')
    expect(notify).not.toHaveBeenCalled()
  })
})

describe('a confirmation whose message is at its own field', () => {
  it('stays open without a second message when told so', async () => {
    const onOpenChange = vi.fn()
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Void?"
        description="Voiding keeps the number."
        confirmLabel="Void invoice"
        onConfirm={async () => false}
      >
        <p>Give a reason.</p>
      </ConfirmDialog>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Void invoice' }))
    expect(onOpenChange).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

const acme: Customer = {
  id: 'custdialogs0001',
  name: 'Acme Trading',
  currency: 'EUR',
  archived: false,
} as Customer

function Harness({ customer }: { customer: Customer }) {
  const actions = useCustomerActions()
  return actions.deleteDialog(customer, () => {})
}

function renderDialog(customer: Customer) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const location = memoryLocation({ path: '/customers' })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook}>
        <Harness customer={customer} />
      </Router>
    </QueryClientProvider>,
  )
}

describe('deleting a customer', () => {
  it('with documents, offers Archive instead', async () => {
    invoices.push({ id: 'inv1', customer: acme.id })
    save.mockResolvedValue({ ok: true, queued: false, data: {} })
    renderDialog(acme)
    expect(await screen.findByRole('dialog', { name: 'Archive Acme Trading?' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Delete customer' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Archive customer' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save.mock.calls[0]![1]).toMatchObject({
      collection: 'customers',
      id: acme.id,
      body: { archived: true },
    })
  })

  it('without documents, deletes', async () => {
    renderDialog(acme)
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Delete Acme Trading?' })).toBeVisible(),
    )
    expect(screen.getByRole('button', { name: 'Delete customer' })).toBeInTheDocument()
  })
})

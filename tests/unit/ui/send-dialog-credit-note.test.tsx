// Sending a credit note: its first send makes the PDF on this device (the server keeps it as the
// issued copy); a later send makes none and uploads none, as the server attaches the kept copy.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { CreditNote, Customer } from '@/billing/types'

const save = vi.fn<(def: unknown, vars: Record<string, unknown>) => Promise<unknown>>(async () => ({
  ok: true,
  queued: false,
  data: {},
}))
vi.mock('@/billing/save', () => ({ save: (def: unknown, vars: never) => save(def, vars) }))
const makeDocumentPdf = vi.fn(async () => ({
  blob: new Blob(['%PDF-1.7']),
  fileName: 'CN-00001.pdf',
  missing: [] as string[],
}))
vi.mock('@/billing/document-pdf', () => ({ makeDocumentPdf }))
vi.mock('@/lib/pocketbase/file-token', () => ({ logoToken: async () => undefined }))
vi.mock('@/lib/auth-context', () => ({ useAuthSelector: () => null }))
vi.mock('@/lib/toast', () => ({ notify: () => undefined }))

const { SendDialog } = await import('@/billing/ui/documents/SendDialog')

const customer = { id: 'cust1', name: 'Acme', email: 'ap@acme.test' } as Customer
const note = (issued_pdf: string) =>
  ({
    id: 'cn1',
    invoice: 'inv1',
    customer: 'cust1',
    number: 'CN-00001',
    seq: 1,
    issue_date: '2026-03-01 00:00:00.000Z',
    currency: 'EUR',
    items: [{ id: 'l1', description: 'Refund', quantity: 1, unit_price_cents: 3000, tax_rate: 0 }],
    discount_percent: 0,
    subtotal_cents: 3000,
    discount_cents: 0,
    tax_cents: 0,
    total_cents: 3000,
    tax_breakdown: [{ rate: 0, net_cents: 3000, tax_cents: 0 }],
    reason: '',
    notes: '',
    refunded_cents: 0,
    sent_at: issued_pdf ? '2026-03-02 10:00:00.000Z' : '',
    issued_pdf,
  }) as unknown as CreditNote

async function send(doc: CreditNote) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SendDialog
        open
        onOpenChange={() => undefined}
        kind="credit_notes"
        doc={doc}
        customer={customer}
        seller={undefined}
      />
    </QueryClientProvider>,
  )
  await userEvent.click(await screen.findByRole('button', { name: 'Send' }))
  await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
  return save.mock.calls[0]![1]
}

describe('sending a credit note', () => {
  beforeEach(() => {
    save.mockClear()
    makeDocumentPdf.mockClear()
  })
  it('makes and uploads its PDF the first time', async () => {
    const vars = await send(note(''))
    expect(makeDocumentPdf).toHaveBeenCalledTimes(1)
    expect(vars).toMatchObject({ collection: 'credit_notes', id: 'cn1', pdfName: 'CN-00001.pdf' })
    expect(vars.pdf).toBeInstanceOf(Blob)
  })
  it('makes none once it has its issued copy: the server attaches that copy', async () => {
    const vars = await send(note('cn_00001_a1b2c3.pdf'))
    expect(makeDocumentPdf).not.toHaveBeenCalled()
    expect(vars).toMatchObject({ collection: 'credit_notes', id: 'cn1', to: 'ap@acme.test' })
    expect(vars).not.toHaveProperty('pdf')
  })
})

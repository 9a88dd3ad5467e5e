import { beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { todayIso } from '@/billing/format'
import type { Payment } from '@/billing/types'

type Outcome =
  | { ok: true; queued: false; data: unknown }
  | { ok: false; message: string; fields: Record<string, string> }
const save = vi.fn<(def: unknown, vars: { body: Record<string, unknown> }) => Promise<Outcome>>(
  async () => ({ ok: true, queued: false, data: {} }),
)
vi.mock('@/billing/save', () => ({ save: (def: unknown, vars: never) => save(def, vars) }))
vi.mock('@/lib/toast', () => ({ notify: () => undefined }))

const { PaymentDialog, paymentWarnings } = await import('@/billing/ui/PaymentDialog')

const invoice = (status: 'draft' | 'sent') => ({
  id: 'inv1',
  number: 'INV-00007',
  currency: 'EUR',
  balance_cents: 12000,
  status,
})

const dayAfter = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

describe('paymentWarnings', () => {
  const today = '2026-03-14'
  it.each([
    [
      'a new payment on a draft',
      { invoiceStatus: 'draft', isNew: true, date: today },
      { draft: true, future: false },
    ],
    [
      'a new payment on a sent invoice',
      { invoiceStatus: 'sent', isNew: true, date: today },
      { draft: false, future: false },
    ],
    [
      'a payment dated tomorrow',
      { invoiceStatus: 'sent', isNew: true, date: '2026-03-15' },
      { draft: false, future: true },
    ],
    [
      'a payment dated yesterday',
      { invoiceStatus: 'partial', isNew: true, date: '2026-03-13' },
      { draft: false, future: false },
    ],
    [
      'a draft paid in the future: both',
      { invoiceStatus: 'draft', isNew: true, date: '2026-04-01' },
      { draft: true, future: true },
    ],
    [
      'an edit keeping its future date',
      { invoiceStatus: 'partial', isNew: false, date: '2026-04-01', previousDate: '2026-04-01' },
      { draft: false, future: false },
    ],
    [
      'an edit moving it into the future',
      { invoiceStatus: 'partial', isNew: false, date: '2026-04-01', previousDate: '2026-03-01' },
      { draft: false, future: true },
    ],
  ])('%s', (_name, input, want) => {
    expect(paymentWarnings({ ...input, today })).toEqual(want)
  })
})

describe('the payment dialog asks before a payment that deserves it', () => {
  beforeEach(() => save.mockClear())
  const open = (status: 'draft' | 'sent') =>
    render(<PaymentDialog open onOpenChange={() => undefined} invoice={invoice(status)} />)

  it('on a never-sent draft: "Mark as sent and record the payment?", then records it', async () => {
    open('draft')
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    expect(screen.getByText('Mark as sent and record the payment?')).toBeVisible()
    expect(save).not.toHaveBeenCalled()
    const confirm = screen.getByRole('button', { name: 'Mark as sent and record' })
    // The focus moves to the answer in an effect, after the question is painted.
    await waitFor(() => expect(confirm).toHaveFocus())
    await userEvent.click(confirm)
    expect(save).toHaveBeenCalledOnce()
    expect(save.mock.calls[0]?.[1].body).toMatchObject({ invoice: 'inv1', amount_cents: 12000 })
  })

  it('Back returns to the form with what was typed, and nothing is recorded', async () => {
    open('draft')
    await userEvent.clear(screen.getByLabelText(/^Amount/))
    await userEvent.type(screen.getByLabelText(/^Amount/), '50')
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByLabelText(/^Amount/)).toHaveValue('50')
    expect(save).not.toHaveBeenCalled()
  })

  it('a payment dated in the future asks first', async () => {
    open('sent')
    const date = screen.getByLabelText('Date received')
    await userEvent.clear(date)
    // Tomorrow: the most the server takes (a time zone ahead of UTC).
    await userEvent.type(date, dayAfter(todayIso(), 1))
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    expect(screen.getByText('Record a payment dated in the future?')).toBeVisible()
    expect(screen.getByText(/^The payment date is in the future/)).toBeVisible()
    expect(save).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    expect(save).toHaveBeenCalledOnce()
  })

  it.each([
    ['3 days ahead', () => dayAfter(todayIso(), 3)],
    ['in 2199', () => '2199-12-31'],
    ['before 2000', () => '1999-12-31'],
  ])('a payment dated %s is refused at its field, as the server would', async (_name, day) => {
    open('sent')
    const date = screen.getByLabelText('Date received')
    await userEvent.clear(date)
    await userEvent.type(date, day())
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Enter a date from the year 2000 on, and no later than today'),
    )
    expect(screen.queryByText('Record a payment dated in the future?')).toBeNull()
    expect(save).not.toHaveBeenCalled()
  })

  it('an edit keeps a stored date from before the window (only a changed date is judged)', async () => {
    const stored = {
      id: 'pay1',
      collectionId: 'payments',
      collectionName: 'payments',
      created: '',
      updated: '',
      invoice: 'inv1',
      customer: 'c1',
      number: 'PAY-00001',
      seq: 1,
      date: '1999-06-30 00:00:00.000Z',
      amount_cents: 5000,
      currency: 'EUR',
      method: 'cash',
      reference: 'R-1',
      notes: '',
    } as const
    render(
      <PaymentDialog
        open
        onOpenChange={() => undefined}
        invoice={invoice('sent')}
        payment={stored as unknown as Payment}
      />,
    )
    const reference = screen.getByLabelText('Reference')
    await userEvent.clear(reference)
    await userEvent.type(reference, 'R-2')
    await userEvent.click(screen.getByRole('button', { name: 'Save payment' }))
    await waitFor(() => expect(save).toHaveBeenCalledOnce())
  })

  it('an ordinary payment on a sent invoice is recorded at once', async () => {
    open('sent')
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    expect(save).toHaveBeenCalledOnce()
    expect(screen.queryByText('Mark as sent and record the payment?')).toBeNull()
  })

  it('a refusal after confirming shows on the form again', async () => {
    save.mockResolvedValueOnce({
      ok: false,
      message: 'The payment is more than the balance due (€120.00).',
      fields: { amount_cents: 'The payment is more than the balance due (€120.00).' },
    })
    open('draft')
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }))
    await userEvent.click(screen.getByRole('button', { name: 'Mark as sent and record' }))
    expect(await screen.findByLabelText(/^Amount/)).toBeVisible()
    expect(
      screen.getAllByText('The payment is more than the balance due (€120.00).').length,
    ).toBeGreaterThan(0)
  })
})

// A line's description searches the item catalogue: keyboard only (↓, Enter, Escape), the line is
// filled and stays editable; "Save as item" sends the typed line as a new item.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

const { anItem } = await import('../lib/item-fixture')
const items = [
  anItem('Design hour', {
    unit: 'h',
    unit_code: 'HUR',
    prices: [{ currency: 'EUR', cents: 9000 }],
    tax_rate: 7,
    sku: 'DH-1',
  }),
  anItem('Desk'),
  anItem('Tuition', { tax_rate: 0, vat_category: 'E' }),
]
const create = vi.fn(async (body: Record<string, unknown>) => ({ ...body }))
vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    collection: () => ({
      getFullList: async () => items,
      getList: async () => ({ items: [], page: 1, perPage: 20, totalItems: 0, totalPages: 0 }),
      getOne: async () => null,
      create,
    }),
    filter: (expr: string) => expr,
  }),
}))

const { renderInvoiceEditor } = await import('./editor-fixture')
const { registerWrites } = await import('@/lib/writes')
const { billingWrites } = await import('@/billing/writes')
const { dataSessionFor } = await import('@/lib/data-session')
registerWrites(billingWrites)
const session = dataSessionFor('u1', 'b1')
const noEffects = { sessionExpired() {}, serverError() {}, mutationFailed() {} }
let stop: (() => void) | undefined
beforeEach(() => {
  stop = session.start(noEffects)
})
afterEach(() => {
  stop?.()
  session.client.clear()
  session.client.getMutationCache().clear()
})

const renderEditor = () => {
  session.client.mount()
  return renderInvoiceEditor(session.client, { currency: 'EUR' })
}

describe('picking a line from the catalogue', () => {
  it('two letters, ↓ and Enter fill the line; the values stay editable', async () => {
    renderEditor()
    const description = screen.getByRole('combobox', { name: 'Line 1 description' })
    await userEvent.type(description, 'de')
    const list = await screen.findByRole('listbox', { name: 'Items from your catalogue' })
    expect(description).toHaveAttribute('aria-expanded', 'true')
    expect(description).not.toHaveAttribute('aria-activedescendant')
    await userEvent.keyboard('{ArrowDown}')
    const first = screen.getByRole('option', { name: /Design hour/ })
    expect(description).toHaveAttribute('aria-activedescendant', first.id)
    expect(first).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{Enter}')
    expect(description).toHaveValue('Design hour')
    expect(screen.getByLabelText('Line 1 price')).toHaveValue('90.00')
    expect(screen.getByLabelText('Line 1 unit')).toHaveValue('h')
    expect(screen.getByLabelText('Line 1 tax %')).toHaveValue('7')
    expect(list).not.toBeVisible()
    await userEvent.clear(screen.getByLabelText('Line 1 price'))
    await userEvent.type(screen.getByLabelText('Line 1 price'), '80')
    expect(screen.getByLabelText('Line 1 price')).toHaveValue('80')
  })

  it('Escape closes the list and keeps what was typed; an item without a price keeps the line’s', async () => {
    renderEditor()
    const description = screen.getByRole('combobox', { name: 'Line 1 description' })
    await userEvent.type(screen.getByLabelText('Line 1 price'), '12')
    await userEvent.type(description, 'des')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    expect(description).toHaveAttribute('aria-expanded', 'false')
    expect(description).toHaveValue('des')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(description).toHaveValue('Desk')
    expect(screen.getByLabelText('Line 1 price')).toHaveValue('12')
    expect(screen.getByLabelText('Line 1 tax %')).toHaveValue('19')
  })

  it('a 0 % item brings its VAT category to the document', async () => {
    renderEditor()
    await userEvent.type(screen.getByRole('combobox', { name: 'Line 1 description' }), 'tui')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(screen.getByLabelText('Line 1 tax %')).toHaveValue('0')
    expect(screen.getByLabelText('VAT on 0 % lines')).toHaveValue('E')
  })

  it('"Save as item" makes an item of the typed line', async () => {
    renderEditor()
    const save = screen.getByRole('button', { name: 'Save line 1 as an item' })
    expect(save).toBeDisabled()
    await userEvent.type(screen.getByRole('combobox', { name: 'Line 1 description' }), 'Logo')
    await userEvent.type(screen.getByLabelText('Line 1 price'), '250')
    await userEvent.click(save)
    await waitFor(() => expect(create).toHaveBeenCalled())
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      name: 'Logo',
      tax_rate: 19,
      prices: [{ currency: 'EUR', cents: 25000 }],
    })
  })
})

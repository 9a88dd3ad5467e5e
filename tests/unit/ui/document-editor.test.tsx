import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'

const customers = [
  {
    id: 'cust00000000001',
    name: 'Acme Trading',
    email: 'a@acme.example',
    currency: 'EUR',
    archived: false,
    payment_terms_days: 14,
  },
  {
    id: 'cust00000000002',
    name: 'Blue Harbour',
    email: '',
    currency: 'USD',
    archived: false,
    payment_terms_days: 30,
  },
]
const getList = vi.fn(async () => ({
  items: customers,
  page: 1,
  perPage: 20,
  totalItems: 2,
  totalPages: 1,
}))
vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    collection: () => ({
      getList,
      getOne: async (id: string) => customers.find((c) => c.id === id),
    }),
    filter: (expr: string) => expr,
  }),
}))

const { renderInvoiceEditor } = await import('./editor-fixture')
const { cachedCustomers } = await import('@/billing/ui/CustomerPicker')
type ParsedDocumentForm = import('@/billing/document-form').ParsedDocumentForm
type Refusal = import('@/billing/ui/documents/DocumentEditor').Refusal

type Submit = (values: ParsedDocumentForm) => Promise<Refusal | void>

function renderEditor(
  onSubmit = vi.fn<Submit>(async () => undefined),
  draftKey: string | null = null,
) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return renderInvoiceEditor(qc, { onSubmit, draftKey })
}

/** The drafts kept on this device (IndexedDB), as the app stores them. */
const { createStore, get, set } = await import('idb-keyval')
const draftsDb = createStore('folio-drafts', 'drafts')
const keptDraft = (key: string) =>
  get<{ values: { items: { description: string }[] } }>(key, draftsDb)
const settle = () => new Promise((r) => setTimeout(r, 400))

describe('what was typed is kept until it is saved', () => {
  it('is offered back after leaving the page; Restore brings it into the form', async () => {
    const first = renderEditor(undefined, 'u1:invoices:new')
    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Half-typed work')
    await settle()
    expect((await keptDraft('u1:invoices:new'))?.values.items[0]?.description).toBe(
      'Half-typed work',
    )
    first.unmount()
    renderEditor(undefined, 'u1:invoices:new')
    expect(await screen.findByText(/You have unsaved changes from/)).toBeVisible()
    // Nothing is put back until the user says so.
    expect(screen.getByLabelText('Line 1 description')).toHaveValue('')
    await userEvent.click(screen.getByRole('button', { name: 'Restore your unsaved changes' }))
    expect(screen.getByLabelText('Line 1 description')).toHaveValue('Half-typed work')
    expect(screen.queryByText(/You have unsaved changes from/)).not.toBeInTheDocument()
  })

  it('Discard drops the kept draft: the next visit offers nothing', async () => {
    await set(
      'u1:invoices:discard',
      { values: { items: [{ description: 'Old work' }] }, savedAt: Date.now() },
      draftsDb,
    )
    const view = renderEditor(undefined, 'u1:invoices:discard')
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }))
    expect(screen.getByLabelText('Line 1 description')).toHaveValue('')
    await waitFor(async () => expect(await keptDraft('u1:invoices:discard')).toBeUndefined())
    view.unmount()
    renderEditor(undefined, 'u1:invoices:discard')
    await settle()
    expect(screen.queryByText(/You have unsaved changes from/)).not.toBeInTheDocument()
  })

  it('is dropped once saved, and signing out wipes every draft', async () => {
    const { wipeDrafts } = await import('@/lib/drafts')
    await set('u1:quotes:new', { values: {}, savedAt: 1 }, draftsDb)
    await wipeDrafts()
    expect(await get('u1:quotes:new', draftsDb)).toBeUndefined()

    const view = renderEditor(undefined, 'u1:invoices:saved')
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }))
    await userEvent.type(screen.getByRole('combobox', { name: 'Customer' }), 'Ac')
    await userEvent.click(within(await screen.findByRole('listbox')).getByText('Acme Trading'))
    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Consulting')
    await userEvent.type(screen.getByLabelText('Line 1 price'), '10')
    await settle()
    expect(await keptDraft('u1:invoices:saved')).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    await waitFor(async () => expect(await keptDraft('u1:invoices:saved')).toBeUndefined())
    await settle()
    expect(await keptDraft('u1:invoices:saved')).toBeUndefined()
    view.unmount()
  })

  it('a refused save keeps the draft', async () => {
    const refuse = vi.fn<Submit>(async () => ({ message: 'No', fields: {} }))
    renderEditor(refuse, 'u1:invoices:refused')
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }))
    await userEvent.type(screen.getByRole('combobox', { name: 'Customer' }), 'Ac')
    await userEvent.click(within(await screen.findByRole('listbox')).getByText('Acme Trading'))
    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Consulting')
    await userEvent.type(screen.getByLabelText('Line 1 price'), '10')
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(refuse).toHaveBeenCalledTimes(1)
    await settle()
    expect((await keptDraft('u1:invoices:refused'))?.values.items[0]?.description).toBe(
      'Consulting',
    )
  })
})

describe('leaving a form with unsaved changes', () => {
  it('asks before in-app navigation and the browser leaving, and not once saved', async () => {
    const { guardNavigation, hasUnsavedWork } = await import('@/lib/leave-guard')
    const navigate = vi.fn()
    const confirm = vi.spyOn(window, 'confirm')
    const view = renderEditor(undefined, 'u1:invoices:guard')
    expect(hasUnsavedWork()).toBe(false)
    guardNavigation(navigate, '/customers')
    expect(confirm).not.toHaveBeenCalled()
    expect(navigate).toHaveBeenCalledTimes(1)

    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Unsaved')
    expect(hasUnsavedWork()).toBe(true)
    confirm.mockReturnValueOnce(false)
    guardNavigation(navigate, '/customers')
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledTimes(1)

    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)

    confirm.mockReturnValueOnce(true)
    guardNavigation(navigate, '/customers')
    expect(navigate).toHaveBeenCalledTimes(2)
    view.unmount()
    expect(hasUnsavedWork()).toBe(false)
    const calm = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(calm)
    expect(calm.defaultPrevented).toBe(false)
    confirm.mockRestore()
  })

  it('saving leaves without asking, even when the save goes on to the saved record', async () => {
    const { guardNavigation } = await import('@/lib/leave-guard')
    const confirm = vi.spyOn(window, 'confirm')
    const navigate = vi.fn()
    const onSubmit = vi.fn<Submit>(async () => {
      guardNavigation(navigate, '/invoices/x')
    })
    renderEditor(onSubmit, 'u1:invoices:guard-save')
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }))
    await userEvent.type(screen.getByRole('combobox', { name: 'Customer' }), 'Ac')
    await userEvent.click(within(await screen.findByRole('listbox')).getByText('Acme Trading'))
    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Consulting')
    await userEvent.type(screen.getByLabelText('Line 1 price'), '10')
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(navigate).toHaveBeenCalledWith('/invoices/x', undefined)
    expect(confirm).not.toHaveBeenCalled()
    confirm.mockRestore()
  })
})

describe('the invoice editor', () => {
  it('shows a message at each field and sends nothing while the form is wrong', async () => {
    const onSubmit = vi.fn<Submit>(async () => undefined)
    renderEditor(onSubmit)
    await userEvent.clear(screen.getByLabelText('Line 1 qty'))
    await userEvent.type(screen.getByLabelText('Line 1 qty'), '0')
    await userEvent.type(screen.getByLabelText('Line 1 price'), '12.345')
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(screen.getByText('Choose a customer')).toBeInTheDocument()
    expect(screen.getByText('Describe the line')).toBeInTheDocument()
    expect(screen.getByText('Enter a quantity above 0 (at most 3 decimals)')).toBeInTheDocument()
    expect(screen.getByText('Enter the due date')).toBeInTheDocument()
    expect(screen.getByLabelText('Line 1 price')).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
    // What was typed stays.
    expect(screen.getByLabelText('Line 1 price')).toHaveValue('12.345')
  })

  it('a message goes as soon as its field is fixed, before the next submit', async () => {
    renderEditor()
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(screen.getByText('Choose a customer')).toBeInTheDocument()
    expect(screen.getByText('Describe the line')).toBeInTheDocument()
    const picker = screen.getByRole('combobox', { name: 'Customer' })
    await userEvent.type(picker, 'Ac')
    await userEvent.click(within(await screen.findByRole('listbox')).getByText('Acme Trading'))
    expect(screen.queryByText('Choose a customer')).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Consulting')
    expect(screen.queryByText('Describe the line')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Line 1 description')).not.toHaveAttribute('aria-invalid')
    // After a submit, a field is checked again as it changes: emptied again, it says so again.
    await userEvent.clear(screen.getByLabelText('Line 1 description'))
    expect(await screen.findByText('Describe the line')).toBeInTheDocument()
  })

  it('reads prices as Europe writes them, and refuses a comma it would have to guess', async () => {
    const onSubmit = vi.fn<Submit>(async () => undefined)
    renderEditor(onSubmit)
    await userEvent.type(screen.getByLabelText('Line 1 price'), '12,50')
    expect(screen.getByLabelText('Line 1 net')).toHaveTextContent('€12.50')
    await userEvent.clear(screen.getByLabelText('Line 1 price'))
    await userEvent.type(screen.getByLabelText('Line 1 price'), '1,250')
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(
      screen.getByText(
        '“1,250” could be 1250 or 1.25: write it without the comma, or with a point for the decimals',
      ),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Line 1 price')).toHaveValue('1,250')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('picks a customer (its currency and terms follow), previews totals live, and submits', async () => {
    const onSubmit = vi.fn<Submit>(async () => undefined)
    renderEditor(onSubmit)
    const picker = screen.getByRole('combobox', { name: 'Customer' })
    await userEvent.type(picker, 'Ac')
    const list = await screen.findByRole('listbox', { name: 'Customer' })
    await userEvent.click(within(list).getByText('Acme Trading'))
    // The field shows the picked customer's record once it is read.
    await waitFor(() => expect(picker).toHaveValue('Acme Trading'))
    expect(screen.getByText('Currency: EUR')).toBeInTheDocument()
    // 14 days of terms from the issue date.
    expect(screen.getByLabelText('Due date')).toHaveValue('2026-12-06')

    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Consulting')
    await userEvent.clear(screen.getByLabelText('Line 1 qty'))
    await userEvent.type(screen.getByLabelText('Line 1 qty'), '3')
    await userEvent.type(screen.getByLabelText('Line 1 price'), '33.33')
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }))
    await userEvent.type(screen.getByLabelText('Line 2 description'), 'Travel')
    await userEvent.type(screen.getByLabelText('Line 2 price'), '10')
    await userEvent.clear(screen.getByLabelText('Line 2 tax %'))
    await userEvent.type(screen.getByLabelText('Line 2 tax %'), '7')
    // 99.99 × 19% = 19.00 (18.9981 rounded); 10 × 7% = 0.70.
    expect(screen.getByText('€129.69')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Document discount (%)'), '10')
    // 10% off each rate group: 89.99 + 17.10 and 9.00 + 0.63.
    expect(screen.getByText('€116.72')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    const values = onSubmit.mock.calls[0]?.[0]
    expect(values?.customer).toBe('cust00000000001')
    expect(values?.items).toHaveLength(2)
  })

  it('shows the server refusal at the field it names', async () => {
    renderEditor(
      vi.fn<Submit>(async () => ({
        message: "The due date can't be before the issue date.",
        fields: { due_date: 'Too early' },
      })),
    )
    const picker = screen.getByRole('combobox', { name: 'Customer' })
    await userEvent.type(picker, 'Bl')
    await userEvent.click(within(await screen.findByRole('listbox')).getByText('Blue Harbour'))
    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Work')
    await userEvent.type(screen.getByLabelText('Line 1 price'), '5')
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(await screen.findByText('Too early')).toBeInTheDocument()
    expect(screen.getByText("The due date can't be before the issue date.")).toBeInTheDocument()
  })
})

describe('the customer picker offline', () => {
  it('searches the customers this device has cached: lists, records and offline creations', () => {
    const qc = new QueryClient()
    qc.setQueryData(['records', 'customers', 'list', {}], { items: [customers[0]], totalItems: 1 })
    qc.setQueryData(['records', 'customers', 'one', 'cust00000000002'], customers[1])
    qc.setQueryData(['records', 'customers', 'one', 'archived0000001'], {
      id: 'archived0000001',
      name: 'Old Co',
      archived: true,
    })
    qc.setQueryData(['records', 'customers', 'search', ''], customers)
    expect(cachedCustomers(qc, '').map((c) => c.name)).toEqual(['Acme Trading', 'Blue Harbour'])
    expect(cachedCustomers(qc, 'harb').map((c) => c.name)).toEqual(['Blue Harbour'])
    expect(cachedCustomers(qc, 'old')).toEqual([])
  })
})

// Issue 11, the polish of the record screens: rows that open their records, the customers'
// balances, a new line's focus, one message per refusal, PAID, nothing owed, file inputs.
import { describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { invoiceFixture } from '../lib/pdf-fixture'

const customers = [
  {
    id: 'custrecords0001',
    name: 'Acme Trading',
    contact_name: '',
    email: 'a@acme.example',
    city: 'Leipzig',
    country: 'DE',
    currency: 'EUR',
    archived: false,
    payment_terms_days: 14,
    created: '2026-01-01 00:00:00.000Z',
  },
  {
    id: 'custrecords0002',
    name: 'Blue Harbour',
    contact_name: '',
    email: '',
    city: '',
    country: '',
    currency: 'USD',
    archived: false,
    payment_terms_days: 30,
    created: '2026-01-01 00:00:00.000Z',
  },
]
const customerInvoices = [
  {
    id: 'invrecords00001',
    customer: 'custrecords0001',
    number: 'INV-00042',
    status: 'sent',
    currency: 'EUR',
    issue_date: '2026-11-01 00:00:00.000Z',
    due_date: '2026-11-15 00:00:00.000Z',
    total_cents: 125000,
    paid_cents: 0,
    balance_cents: 125000,
  },
]
const page = { items: customers, page: 1, perPage: 30, totalItems: 2, totalPages: 1 }
const send = vi.fn(async (path: string) => {
  if (path === '/api/folio/customers/balances') return { balances: { custrecords0001: 125000 } }
  throw new Error(`unexpected ${path}`)
})
vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    collection: (c: string) => ({
      getList: async () => page,
      getFullList: async (o?: { filter?: string }) =>
        c === 'invoices' ? customerInvoices.filter((i) => o?.filter?.includes(i.customer)) : [],
      getOne: async (id: string) => customers.find((c) => c.id === id),
    }),
    filter: (expr: string, params?: Record<string, string>) =>
      params?.id ? `${expr} ${params.id}` : expr,
    send,
  }),
}))

const { default: CustomersPage } = await import('@/features/customers/CustomersPage')
const { inBusiness } = await import('./business-fixture')
inBusiness()
const { default: CustomerPage } = await import('@/features/customers/CustomerPage')
const { DocumentEditor } = await import('@/billing/ui/documents/DocumentEditor')
const { emptyLine } = await import('@/billing/document-form')
const { PrintableSheet } = await import('@/billing/ui/documents/PrintableSheet')
const { AgingBars } = await import('@/billing/ui/AgingBars')
const { FileInput } = await import('@/components/ui/file-input')
type ParsedDocumentForm = import('@/billing/document-form').ParsedDocumentForm
type Refusal = import('@/lib/use-form').Refusal

function renderAt(path: string, ui: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const location = memoryLocation({ path, record: true })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </QueryClientProvider>,
  )
  return location
}

const currentPath = (location: ReturnType<typeof memoryLocation>) =>
  location.history?.at(-1)?.split('?')[0]

describe('the customers list', () => {
  it('opens a record from anywhere on its row, and from its link with the keyboard', async () => {
    const location = renderAt('/customers', <CustomersPage />)
    const table = await screen.findByRole('table')
    const row = within(table).getByRole('row', { name: /Blue Harbour/ })
    await userEvent.click(within(row).getByText('USD'))
    expect(currentPath(location)).toBe('/customers/custrecords0002')

    // The row's checkbox stays a checkbox.
    const acme = within(table).getByRole('row', { name: /Acme Trading/ })
    await userEvent.click(within(acme).getByRole('checkbox'))
    expect(currentPath(location)).toBe('/customers/custrecords0002')

    // The link is the row's one stop for the keyboard: Tab reaches it, Enter opens the record.
    const link = within(acme).getByRole('link', { name: 'Acme Trading' })
    link.focus()
    expect(link).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(currentPath(location)).toBe('/customers/custrecords0001')
    // No interactive element inside another: the row itself is not a link or a button.
    expect(acme.closest('a, button')).toBeNull()
    expect(acme.querySelector('a a, a button, button a, button button')).toBeNull()
  })

  it('empty, it invites the first customer; searched, it says nothing matches and clears', async () => {
    const all = page.items
    page.items = []
    try {
      renderAt('/customers', <CustomersPage />)
      expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeVisible()
      expect(screen.getByText('Customers you add appear here.')).toBeVisible()
      expect(screen.getByRole('link', { name: 'Add your first customer' })).toBeVisible()
      expect(screen.queryByText(/searched or filtered/)).toBeNull()
      cleanup()

      const location = renderAt('/customers?q=zebra', <CustomersPage />)
      expect(await screen.findByRole('heading', { name: 'Nothing matches' })).toBeVisible()
      expect(screen.getByText('No customer matches this search or filter.')).toBeVisible()
      expect(screen.queryByRole('link', { name: 'Add your first customer' })).toBeNull()
      await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }))
      expect(location.history?.at(-1)).toBe('/customers')
      expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeVisible()
      expect(screen.getByRole('searchbox')).toHaveValue('')
    } finally {
      page.items = all
    }
  })

  it('shows what each customer owes, as the server sums it', async () => {
    renderAt('/customers', <CustomersPage />)
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Balance' })).toBeInTheDocument()
    const acme = within(table).getByRole('row', { name: /Acme Trading/ })
    expect(await within(acme).findAllByText('€1,250.00')).not.toHaveLength(0)
    // Narrower, the column moves under the name, saying what is owed.
    expect(within(acme).getByText('owes €1,250.00')).toBeInTheDocument()
    const blue = within(table).getByRole('row', { name: /Blue Harbour/ })
    expect(within(blue).getByText('$0.00')).toBeInTheDocument()
    expect(within(blue).queryByText(/owes/)).toBeNull()
    expect(send).toHaveBeenCalledWith('/api/folio/customers/balances', {
      query: { business: 'b1' },
    })
  })
})

describe('the customer page', () => {
  it('opens a document from anywhere on its row, and offers Archive, not Delete', async () => {
    const location = renderAt(
      '/customers/custrecords0001',
      <Route path="/customers/:id">
        <CustomerPage />
      </Route>,
    )
    const row = await screen.findByRole('row', { name: /INV-00042/ })
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    await userEvent.click(within(row).getAllByText('€1,250.00').at(-1)!)
    expect(currentPath(location)).toBe('/invoices/invrecords00001')
  })

  it('says in a sentence that a customer without open invoices owes nothing', async () => {
    renderAt(
      '/customers/custrecords0002',
      <Route path="/customers/:id">
        <CustomerPage />
      </Route>,
    )
    const sentence = 'Blue Harbour owes you nothing: there are no open invoices.'
    expect(
      await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === sentence),
    ).toBeInTheDocument()
    // Nothing owed, nothing to keep: Delete is offered.
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument()
  })
})

type Submit = (values: ParsedDocumentForm) => Promise<Refusal | void>

function renderEditor(onSubmit: Submit = async () => undefined) {
  return renderAt(
    '/invoices/new',
    <DocumentEditor
      kind="invoices"
      initial={{
        customer: 'custrecords0001',
        currency: 'EUR',
        issue_date: '2026-11-22',
        end_date: '2026-12-06',
        discount_percent: '',
        notes: '',
        terms: '',
        vat_exemption_category: 'Z',
        vat_exemption_reason: '',
        items: [{ ...emptyLine(19), description: 'Consulting', unit_price: '10' }],
      }}
      defaultTaxRate={19}
      submitLabel="Save invoice"
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  )
}

describe('the document editor', () => {
  it('moves the focus to the new line’s first field when a line is added', async () => {
    renderEditor()
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }))
    expect(screen.getByLabelText('Line 2 description')).toHaveFocus()
    await userEvent.keyboard('Design')
    expect(screen.getByLabelText('Line 2 description')).toHaveValue('Design')
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }))
    expect(screen.getByLabelText('Line 3 description')).toHaveFocus()
  })

  it('shows a refusal about a field once: at the field', async () => {
    const sentence = 'The due date cannot be before the issue date.'
    renderEditor(async () => ({ message: sentence, fields: { due_date: sentence } }))
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(await screen.findByText(sentence)).toBeInTheDocument()
    expect(screen.getAllByText(sentence)).toHaveLength(1)
    expect(screen.getByLabelText('Due date')).toHaveAccessibleDescription(sentence)
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields.')
  })

  it('keeps a refusal about no field of the form above the buttons', async () => {
    const sentence = 'This invoice is locked.'
    renderEditor(async () => ({ message: sentence, fields: { status: sentence } }))
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence)
  })
})

describe('the document sheet', () => {
  it('says PAID on a paid invoice, not "Amount due €0.00"', async () => {
    const doc = invoiceFixture({ status: 'paid' })
    render(<PrintableSheet doc={{ ...doc, paid_cents: doc.total_cents, balance_cents: 0 }} />)
    const paid = await screen.findByTestId('sheet-paid')
    expect(paid).toHaveTextContent('PAID')
    expect(screen.queryByText('Amount due')).toBeNull()
  })

  it('still says the amount due on an open invoice', async () => {
    render(<PrintableSheet doc={invoiceFixture({ status: 'sent' })} />)
    expect(await screen.findByText('Amount due')).toBeInTheDocument()
    expect(screen.queryByTestId('sheet-paid')).toBeNull()
  })
})

describe('the seller and the customer on the sheet', () => {
  it('prints the tax IDs after the whole address, on lines of their own', async () => {
    const doc = invoiceFixture({ status: 'sent' })
    const seller = {
      ...doc.seller,
      company_address: 'Schönhauser Allee 12',
      postal_code: '10119',
      city: 'Berlin',
      country: 'DE',
      vat_id: 'DE123456789',
    }
    render(<PrintableSheet doc={{ ...doc, seller }} />)
    const block = (await screen.findAllByText('Atelier Lumière GmbH'))[0]?.closest(
      'div',
    ) as HTMLElement
    const lines = [...block.querySelectorAll('p')].map((p) => p.textContent ?? '')
    expect(lines).toEqual([
      'Atelier Lumière GmbH',
      'Schönhauser Allee 12',
      '10119 Berlin',
      'Germany',
      'Tax ID DE123456789',
      'VAT ID DE123456789',
    ])
  })

  it('keeps each group of four of the IBAN whole: a line breaks only between groups', async () => {
    render(<PrintableSheet doc={invoiceFixture({ status: 'sent' })} />)
    const iban = await screen.findByTestId('iban')
    expect(iban).toHaveTextContent('DE89 3704 0044 0532 0130 00')
    const groups = [...iban.children]
    expect(groups.map((g) => g.textContent)).toEqual(['DE89', '3704', '0044', '0532', '0130', '00'])
    for (const g of groups) expect(g).toHaveClass('whitespace-nowrap')
  })
})

describe('the aging card', () => {
  const none = { not_due: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 }
  it('says so in a sentence when nothing is owed, instead of five empty bars', () => {
    render(<AgingBars buckets={none} currency="EUR" empty="Acme owes you nothing." />)
    expect(screen.getByText('Acme owes you nothing.')).toBeInTheDocument()
    expect(screen.queryByRole('list')).toBeNull()
  })
  it('draws the bars when something is owed', () => {
    render(<AgingBars buckets={{ ...none, d1_30: 5000 }} currency="EUR" empty="Nothing owed." />)
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
    expect(screen.queryByText('Nothing owed.')).toBeNull()
  })
})

describe('the file input', () => {
  function Chooser() {
    const [file, setFile] = useState<File | null>(null)
    return (
      <FileInput
        label="Logo"
        accept="image/png"
        hint="PNG, up to 2 MB."
        fileName={file?.name}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
    )
  }
  it('is a labelled, keyboard-reachable control that names the chosen file', async () => {
    render(<Chooser />)
    const input = screen.getByLabelText('Logo')
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAccessibleDescription('No file chosen PNG, up to 2 MB.')
    // The control shows as a button-like label, not the browser's bare input.
    expect(screen.getByText('Choose a file…').closest('label')).toHaveAttribute('for', input.id)
    await userEvent.tab()
    expect(input).toHaveFocus()
    await userEvent.upload(input, new File(['x'], 'logo.png', { type: 'image/png' }))
    await waitFor(() => expect(screen.getByText('logo.png')).toBeInTheDocument())
    expect(input).toHaveAccessibleDescription('logo.png PNG, up to 2 MB.')
  })
})

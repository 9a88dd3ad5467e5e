// The row menu and the CSV columns the quotes' and invoices' lists share (list-parts.ts).
import { describe, expect, it, vi } from 'vitest'
import type { Invoice, Quote } from '@/billing/types'
import type { Translate } from '@/lib/i18n'
import {
  amountCsvColumns,
  documentRowActions,
  headColumns,
  headCsvColumns,
  menuIf,
} from '@/billing/ui/documents/list-parts'

const t = ((key: string) => key) as Translate
const invoice = {
  id: 'inv1',
  number: 'INV-00007',
  currency: 'EUR',
  issue_date: '2026-11-02 00:00:00.000Z',
  subtotal_cents: 10000,
  discount_cents: 500,
  tax_cents: 1805,
  total_cents: 11305,
  expand: { customer: { name: 'Acme' } },
} as unknown as Invoice

describe('documentRowActions', () => {
  it('gives a reader only open and print', () => {
    const items = documentRowActions('invoices', invoice, [], {
      writer: false,
      navigate: () => {},
      t,
    })
    expect(items.map((i) => i.label)).toEqual(['documents.actions.open', 'documents.actions.print'])
  })

  it('orders a writer’s menu: open, edit, mark sent, accept, print, duplicate', () => {
    const navigate = vi.fn()
    const items = documentRowActions(
      'quotes',
      invoice as unknown as Quote,
      ['edit', 'markSent', 'accept'],
      { writer: true, navigate, t },
    )
    expect(items.map((i) => i.label)).toEqual([
      'documents.actions.open',
      'documents.actions.edit',
      'documents.actions.markSent',
      'documents.quote.accept',
      'documents.actions.print',
      'documents.actions.duplicate',
    ])
    items[1]!.onSelect()
    items[5]!.onSelect()
    expect(navigate.mock.calls).toEqual([['/quotes/inv1/edit'], ['/quotes/new?from=inv1']])
  })

  it('offers an invoice’s payment where its status allows one, on the invoice’s page', () => {
    const navigate = vi.fn()
    const items = documentRowActions('invoices', invoice, ['recordPayment'], {
      writer: true,
      navigate,
      t,
    })
    const pay = items.find((i) => i.label === 'documents.invoice.recordPayment')!
    pay.onSelect()
    expect(navigate).toHaveBeenCalledWith('/invoices/inv1')
    expect(items.some((i) => i.label === 'documents.quote.accept')).toBe(false)
  })

  it('leaves out what the status does not allow', () => {
    expect(menuIf(false, { label: 'x', onSelect: () => {} })).toEqual([])
  })
})

describe('the CSV columns', () => {
  it('start with number, customer and issue date, and end with the amounts in major units', () => {
    const row = [...headCsvColumns<Invoice>('invoices', t), ...amountCsvColumns<Invoice>(t)].map(
      (c) => [c.header, c.value(invoice)],
    )
    expect(row).toEqual([
      ['documents.csv.number', 'INV-00007'],
      ['documents.csv.customer', 'Acme'],
      ['documents.issueDate.invoices', '2026-11-02'],
      ['documents.csv.currency', 'EUR'],
      ['documents.csv.subtotal', '100.00'],
      ['documents.csv.discount', '5.00'],
      ['documents.csv.tax', '18.05'],
      ['documents.csv.total', '113.05'],
    ])
  })
})

describe('the head columns', () => {
  it('are number (or Draft), customer and issue date, sorted by their own keys', () => {
    const cols = headColumns<Invoice>(t, () => null)
    expect(cols.map((c) => [c.id, c.sortKey])).toEqual([
      ['number', 'number'],
      ['customer', 'customer'],
      ['issued', 'issue_date'],
    ])
    expect(cols[0]!.cell({ ...invoice, number: '' })).toBe('documents.list.draft')
    expect(cols[1]!.cell(invoice)).toBe('Acme')
  })
})

// Offline, the command palette searches what the device has cached: customers by name, contact or
// email, documents by number or customer name, whatever query put them in the cache.
import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { narrowHits, searchCached } from '@/app/palette/search'
import type { PaletteHits } from '@/app/palette/search'

const customer = (id: string, name: string, email = '') => ({
  id,
  collectionName: 'customers',
  name,
  contact_name: '',
  email,
})
const invoice = (id: string, number: string, issue_date: string, customerName: string) => ({
  id,
  collectionName: 'invoices',
  number,
  seq: Number(id.replace(/\D/g, '')),
  issue_date,
  expand: { customer: customer(`c-${id}`, customerName) },
})

function cache() {
  const client = new QueryClient()
  client.setQueryData(['records', 'customers', 'list', { page: 1 }], {
    items: [customer('c1', 'Bäckerei Müller', 'info@baeckerei.example'), customer('c2', 'Acme')],
  })
  client.setQueryData(['records', 'customers', 'one', 'c3'], customer('c3', 'Müller & Söhne'))
  client.setQueryData(['records', 'customers', 'documents', 'c1'], {
    quotes: [],
    invoices: [invoice('i1', 'INV-00001', '2026-01-02', 'Bäckerei Müller')],
    payments: [],
  })
  client.setQueryData(['records', 'invoices', 'list', { page: 1 }], {
    items: [
      invoice('i1', 'INV-00001', '2026-01-02', 'Bäckerei Müller'),
      invoice('i2', 'INV-00002', '2026-03-01', 'Acme'),
    ],
  })
  client.setQueryData(['dashboard'], { customers: [customer('x', 'Not a record list')] })
  return client
}

describe('the palette’s offline search', () => {
  it('finds customers in lists and single records, once each, by name or email', () => {
    const hits = searchCached(cache(), 'müller')
    expect(hits.customers.map((c) => c.id)).toEqual(['c1', 'c3'])
    expect(searchCached(cache(), 'BAECKEREI').customers.map((c) => c.id)).toEqual(['c1'])
  })

  it('finds documents by number or customer name, newest first, without duplicates', () => {
    expect(searchCached(cache(), 'inv-0000').invoices.map((d) => d.id)).toEqual(['i2', 'i1'])
    expect(searchCached(cache(), 'acme').invoices.map((d) => d.id)).toEqual(['i2'])
  })

  it('reads only the records’ cache, and nothing for an empty query', () => {
    expect(searchCached(cache(), 'not a record').customers).toEqual([])
    expect(searchCached(cache(), '')).toEqual({ customers: [], invoices: [], quotes: [] })
  })
})

describe('the answer shown while the server answers new text', () => {
  const earlier = {
    customers: [
      customer('c1', 'Bäckerei Müller', 'info@baeckerei.example'),
      customer('c2', 'Acme'),
    ],
    invoices: [
      invoice('i1', 'INV-00001', '2026-01-02', 'Bäckerei Müller'),
      invoice('i2', 'INV-00002', '2026-03-01', 'Acme'),
    ],
    quotes: [],
  } as unknown as PaletteHits

  it('keeps only what the new text finds (nothing of "INV-" under "display")', () => {
    expect(narrowHits(earlier, 'display')).toEqual({ customers: [], invoices: [], quotes: [] })
    const narrowed = narrowHits(earlier, 'INV-00002')
    expect(narrowed.invoices.map((d) => d.id)).toEqual(['i2'])
    expect(narrowed.customers).toEqual([])
    expect(narrowHits(earlier, 'acme').customers.map((c) => c.id)).toEqual(['c2'])
  })
})

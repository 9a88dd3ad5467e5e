import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query'
import { scopedFilter } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'
import type { Customer, Invoice, Quote } from '@/billing/types'

/** How many hits of each kind the palette shows. */
export const HITS_PER_KIND = 5

export interface PaletteHits {
  customers: Customer[]
  invoices: Invoice[]
  quotes: Quote[]
}

export const emptyHits: PaletteHits = { customers: [], invoices: [], quotes: [] }

/**
 * Customers by name, contact or email; quotes and invoices by number or their customer's name.
 * The current business's records only (the person may belong to others). Kept under ['records', …] so a change (or a
 * realtime event) refreshes it, and persisted with the rest, so a search seen once works offline.
 */
export const paletteSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['records', 'palette', q] as const,
    queryFn: async (): Promise<PaletteHits> => {
      const pb = await loadPb()
      const customers = pb.collection('customers').getList<Customer>(1, HITS_PER_KIND, {
        filter: scopedFilter(pb, 'name ~ {:q} || contact_name ~ {:q} || email ~ {:q}', { q }),
        sort: 'archived,name',
        skipTotal: true,
      })
      const docFilter = scopedFilter(pb, 'number ~ {:q} || customer.name ~ {:q}', { q })
      const documents = (c: 'invoices' | 'quotes') =>
        pb.collection(c).getList<Invoice & Quote>(1, HITS_PER_KIND, {
          filter: docFilter,
          sort: '-issue_date,-seq',
          expand: 'customer',
          skipTotal: true,
        })
      const [cs, inv, quo] = await Promise.all([
        customers,
        documents('invoices'),
        documents('quotes'),
      ])
      return { customers: cs.items, invoices: inv.items, quotes: quo.items }
    },
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  })

type AnyRec = { id: string; collectionName?: string }

function isRecord(v: unknown): v is AnyRec {
  return typeof v === 'object' && v !== null && typeof (v as AnyRec).id === 'string'
}

/** Every record of the cached queries (lists, pages, single records, a customer's documents). */
function cachedRecords(client: QueryClient): Map<string, AnyRec> {
  const seen = new Map<string, AnyRec>()
  const visit = (v: unknown, depth: number) => {
    if (depth > 3 || v === null || typeof v !== 'object') return
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1))
    if (isRecord(v) && v.collectionName) {
      if (!seen.has(`${v.collectionName}/${v.id}`)) seen.set(`${v.collectionName}/${v.id}`, v)
      return
    }
    for (const x of Object.values(v)) visit(x, depth + 1)
  }
  for (const q of client.getQueryCache().findAll({ queryKey: ['records'] })) visit(q.state.data, 0)
  return seen
}

const contains = (text: string | undefined, q: string) =>
  (text ?? '').toLocaleLowerCase().includes(q.toLocaleLowerCase())

const customerMatches = (c: Customer, q: string) =>
  contains(c.name, q) || contains(c.contact_name, q) || contains(c.email, q)
const documentMatches = (d: Invoice | Quote, q: string) =>
  contains(d.number, q) || contains(d.expand?.customer?.name, q)

/**
 * An earlier answer narrowed to what is typed now, shown while the server answers the new text:
 * never a record that the new text would not find (the answer for "INV-" is not shown under
 * "display").
 */
export function narrowHits(hits: PaletteHits, q: string): PaletteHits {
  return {
    customers: hits.customers.filter((c) => customerMatches(c, q)),
    invoices: hits.invoices.filter((d) => documentMatches(d, q)),
    quotes: hits.quotes.filter((d) => documentMatches(d, q)),
  }
}

/** Offline: the same search over what the device has cached. */
export function searchCached(client: QueryClient, q: string): PaletteHits {
  const hits: PaletteHits = { customers: [], invoices: [], quotes: [] }
  if (!q) return hits
  for (const r of cachedRecords(client).values()) {
    if (r.collectionName === 'customers') hits.customers.push(r as Customer)
    else if (r.collectionName === 'invoices' || r.collectionName === 'quotes')
      hits[r.collectionName].push(r as Invoice & Quote)
  }
  const found = narrowHits(hits, q)
  found.customers.sort((a, b) => a.name.localeCompare(b.name))
  for (const k of ['invoices', 'quotes'] as const)
    found[k].sort((a, b) => b.issue_date.localeCompare(a.issue_date) || b.seq - a.seq)
  return {
    customers: found.customers.slice(0, HITS_PER_KIND),
    invoices: found.invoices.slice(0, HITS_PER_KIND),
    quotes: found.quotes.slice(0, HITS_PER_KIND),
  }
}

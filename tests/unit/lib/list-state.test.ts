import { describe, expect, it } from 'vitest'
import {
  isNarrowed,
  withoutNarrowing,
  listFilter,
  listSort,
  listSpecs,
  parseListState,
  serializeListState,
  toggleSort,
  updateListState,
  type ListState,
} from '@/billing/list-state'
import { INVOICE_STATUSES } from '@/billing/types'

const inv = listSpecs.invoices
const defaults: ListState = {
  q: '',
  status: 'all',
  customer: '',
  from: '',
  to: '',
  sort: '-issue_date',
  page: 1,
}

describe('list URL state', () => {
  it('an empty query string is the default state, and the default state is an empty query', () => {
    expect(parseListState('', inv)).toEqual(defaults)
    expect(serializeListState(defaults, inv)).toBe('')
  })

  it.each([
    ['?q=acme', { q: 'acme' }],
    ['?status=overdue', { status: 'overdue' }],
    ['?customer=abcdefghijklmno', { customer: 'abcdefghijklmno' }],
    ['?from=2026-01-01&to=2026-03-31', { from: '2026-01-01', to: '2026-03-31' }],
    ['?sort=total', { sort: 'total' }],
    ['?sort=-due_date', { sort: '-due_date' }],
    ['?page=3', { page: 3 }],
  ])('%s round-trips', (query, change) => {
    const state = parseListState(query, inv)
    expect(state).toEqual({ ...defaults, ...change })
    expect(serializeListState(state, inv)).toBe(query)
  })

  it.each([
    ['?status=paidd', 'status', 'all'],
    ['?status=archived', 'status', 'all'],
    ['?sort=password', 'sort', '-issue_date'],
    ['?sort=--total', 'sort', '-issue_date'],
    ['?page=0', 'page', 1],
    ['?page=-2', 'page', 1],
    ['?page=2.5', 'page', 1],
    ['?page=abc', 'page', 1],
    ['?customer=x%22||1=1', 'customer', ''],
    ['?from=yesterday', 'from', ''],
    ['?to=2026-13', 'to', ''],
  ] as const)('malformed %s falls back to the default %s', (query, key, value) => {
    expect(parseListState(query, inv)[key]).toBe(value)
  })

  it('keeps a long search only up to 200 characters', () => {
    expect(parseListState(`?q=${'a'.repeat(500)}`, inv).q).toHaveLength(200)
  })

  it('lists without a customer or date filter ignore those parameters', () => {
    const s = parseListState('?customer=abcdefghijklmno&from=2026-01-01', listSpecs.customers)
    expect(s.customer).toBe('')
    expect(s.from).toBe('')
    expect(s.status).toBe('active')
    expect(serializeListState({ ...s, status: 'all' }, listSpecs.customers)).toBe('?status=all')
  })

  it('changing what is shown goes back to page 1; changing the page keeps the rest', () => {
    const on3 = { ...defaults, q: 'acme', page: 3 }
    expect(updateListState(on3, { status: 'paid' })).toEqual({ ...on3, status: 'paid', page: 1 })
    expect(updateListState(on3, { q: 'ac' }).page).toBe(1)
    expect(updateListState(on3, { page: 4 })).toEqual({ ...on3, page: 4 })
  })

  it('a column sorts ascending, then descending, then ascending', () => {
    expect(toggleSort('-issue_date', 'total')).toBe('total')
    expect(toggleSort('total', 'total')).toBe('-total')
    expect(toggleSort('-total', 'total')).toBe('total')
  })
})

describe('a narrowed list', () => {
  it('a search, another tab or a filter narrows it; the sort and the page do not', () => {
    expect(isNarrowed(defaults, inv)).toBe(false)
    expect(isNarrowed({ ...defaults, sort: 'total', page: 3 }, inv)).toBe(false)
    expect(isNarrowed({ ...defaults, q: '  ' }, inv)).toBe(false)
    for (const change of [
      { q: 'acme' },
      { status: 'overdue' },
      { customer: 'abcdefghijklmno' },
      { from: '2026-01-01' },
      { to: '2026-03-31' },
    ])
      expect(isNarrowed({ ...defaults, ...change }, inv), JSON.stringify(change)).toBe(true)
  })

  it('clearing keeps the sort and goes back to page 1', () => {
    const narrowed = {
      ...defaults,
      q: 'acme',
      status: 'paid',
      customer: 'abcdefghijklmno',
      from: '2026-01-01',
      to: '2026-03-31',
      sort: 'total',
      page: 4,
    }
    expect(withoutNarrowing(narrowed, inv)).toEqual({ ...defaults, sort: 'total' })
  })
})

describe('list filter and sort', () => {
  const today = '2026-11-22'
  it('the default invoice list has no filter', () => {
    expect(listFilter(inv, defaults, undefined, today)).toEqual({ expr: '', params: {} })
  })

  it('overdue means open with a due date before today', () => {
    const f = listFilter(inv, { ...defaults, status: 'overdue' }, undefined, today)
    expect(f.expr).toBe(
      'status != "draft" && status != "paid" && status != "void" && balance_cents > 0 && due_date < {:today}',
    )
    expect(f.params).toEqual({ today: '2026-11-22 00:00:00.000Z' })
  })

  it('the overdue filter excludes exactly the statuses that are not open', () => {
    const excluded = ['draft', 'paid', 'void']
    expect(INVOICE_STATUSES.filter((s) => !excluded.includes(s))).toEqual([
      'sent',
      'viewed',
      'partial',
    ])
  })

  it('search, customer and an inclusive date range combine with AND, values as parameters', () => {
    const f = listFilter(
      inv,
      {
        ...defaults,
        q: 'a"b',
        status: 'paid',
        customer: 'abcdefghijklmno',
        from: '2026-01-01',
        to: '2026-01-31',
      },
      undefined,
      today,
    )
    expect(f.expr).toBe(
      '(number ~ {:q} || customer.name ~ {:q} || notes ~ {:q}) && status = {:status} && customer = {:customer} && issue_date >= {:from} && issue_date < {:to}',
    )
    expect(f.params).toEqual({
      q: 'a"b',
      status: 'paid',
      customer: 'abcdefghijklmno',
      from: '2026-01-01 00:00:00.000Z',
      to: '2026-02-01 00:00:00.000Z',
    })
  })

  it('tab counts use the same filter with another status', () => {
    const f = listFilter(inv, { ...defaults, q: 'x', status: 'paid' }, 'void', today)
    expect(f.params.status).toBe('void')
    expect(f.params.q).toBe('x')
  })

  it('expired quotes are open quotes past their expiry date', () => {
    const f = listFilter(listSpecs.quotes, { ...defaults, status: 'expired' }, undefined, today)
    expect(f.expr).toContain('expiry_date < {:today}')
    expect(f.expr).toContain('status = "draft"')
  })

  it('archived customers are hidden unless asked for', () => {
    const s = parseListState('', listSpecs.customers)
    expect(listFilter(listSpecs.customers, s).expr).toBe('archived = false')
    expect(listFilter(listSpecs.customers, { ...s, status: 'all' }).expr).toBe('')
  })

  it.each([
    ['-issue_date', '-issue_date,-seq'],
    ['total', 'total_cents,seq'],
    ['number', 'seq'],
    ['-number', '-seq'],
    ['customer', 'customer.name,seq'],
  ])('sort %s is %s with a stable tie-breaker', (sort, expected) => {
    expect(listSort(inv, sort)).toBe(expected)
  })
})

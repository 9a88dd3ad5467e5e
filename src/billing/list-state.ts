import type { MessageKey } from '@/lib/i18n'
import type { Collection } from './types'
import { addDays, pbDate, todayIso } from './format'

/**
 * Everything a list shows lives in the URL (?q=&status=&customer=&from=&to=&sort=&page=), so a
 * list can be bookmarked, shared, reloaded and navigated back to. These functions are pure.
 */
export interface ListState {
  q: string
  status: string
  customer: string
  from: string
  to: string
  sort: string
  page: number
}

export interface SortKey {
  key: string
  /** The PocketBase sort expression for ascending order. */
  field: string
  /** What the sort is called (a message: shown as t(label)). */
  label: MessageKey
}

export interface StatusTab {
  id: string
  /** The tab's name (a message: shown as t(label)). */
  label: MessageKey
}

export interface ListSpec {
  collection: Collection
  tabs: readonly StatusTab[]
  sorts: readonly SortKey[]
  defaultSort: string
  /** The date field the from/to filter applies to, if any. */
  dateField: string | null
  /** Fields the search box looks in. */
  searchFields: readonly string[]
  hasCustomerFilter: boolean
  expand: string
}

const documentSorts = (dateLabel: MessageKey, extra: SortKey[]): SortKey[] => [
  { key: 'number', field: 'seq', label: 'billing.list.sort.number' },
  { key: 'customer', field: 'customer.name', label: 'billing.list.sort.customer' },
  { key: 'issue_date', field: 'issue_date', label: dateLabel },
  ...extra,
  { key: 'total', field: 'total_cents', label: 'billing.list.sort.total' },
  { key: 'status', field: 'status', label: 'billing.list.sort.status' },
]

export const listSpecs: Record<Collection, ListSpec> = {
  invoices: {
    collection: 'invoices',
    tabs: [
      { id: 'all', label: 'billing.list.tab.all' },
      { id: 'draft', label: 'billing.list.tab.draft' },
      { id: 'outstanding', label: 'billing.list.tab.outstanding' },
      { id: 'overdue', label: 'billing.list.tab.overdue' },
      { id: 'paid', label: 'billing.list.tab.paid' },
      { id: 'void', label: 'billing.list.tab.void' },
    ],
    sorts: documentSorts('billing.list.sort.issued', [
      { key: 'due_date', field: 'due_date', label: 'billing.list.sort.due' },
      { key: 'balance', field: 'balance_cents', label: 'billing.list.sort.balance' },
    ]),
    defaultSort: '-issue_date',
    dateField: 'issue_date',
    searchFields: ['number', 'customer.name', 'notes'],
    hasCustomerFilter: true,
    expand: 'customer',
  },
  quotes: {
    collection: 'quotes',
    tabs: [
      { id: 'all', label: 'billing.list.tab.all' },
      { id: 'draft', label: 'billing.list.tab.draft' },
      { id: 'open', label: 'billing.list.tab.awaitingAnswer' },
      { id: 'accepted', label: 'billing.list.tab.accepted' },
      { id: 'expired', label: 'billing.list.tab.expired' },
      { id: 'rejected', label: 'billing.list.tab.rejected' },
      { id: 'converted', label: 'billing.list.tab.converted' },
    ],
    sorts: documentSorts('billing.list.sort.issued', [
      { key: 'expiry_date', field: 'expiry_date', label: 'billing.list.sort.expires' },
    ]),
    defaultSort: '-issue_date',
    dateField: 'issue_date',
    searchFields: ['number', 'customer.name', 'notes'],
    hasCustomerFilter: true,
    expand: 'customer',
  },
  customers: {
    collection: 'customers',
    tabs: [
      { id: 'active', label: 'billing.list.tab.active' },
      { id: 'archived', label: 'billing.list.tab.archived' },
      { id: 'all', label: 'billing.list.tab.all' },
    ],
    sorts: [
      { key: 'name', field: 'name', label: 'billing.list.sort.name' },
      { key: 'email', field: 'email', label: 'billing.list.sort.email' },
      { key: 'city', field: 'city', label: 'billing.list.sort.city' },
      { key: 'currency', field: 'currency', label: 'billing.list.sort.currency' },
      { key: 'created', field: 'created', label: 'billing.list.sort.added' },
    ],
    defaultSort: 'name',
    dateField: null,
    searchFields: ['name', 'contact_name', 'email', 'city', 'tax_id'],
    hasCustomerFilter: false,
    expand: '',
  },
  items: {
    collection: 'items',
    tabs: [
      { id: 'active', label: 'billing.list.tab.active' },
      { id: 'archived', label: 'billing.list.tab.archived' },
    ],
    sorts: [
      { key: 'name', field: 'name', label: 'billing.list.sort.name' },
      { key: 'sku', field: 'sku', label: 'items.sort.sku' },
      { key: 'created', field: 'created', label: 'billing.list.sort.added' },
    ],
    defaultSort: 'name',
    dateField: null,
    searchFields: ['name', 'sku', 'description'],
    hasCustomerFilter: false,
    expand: '',
  },
  expenses: {
    collection: 'expenses',
    tabs: [
      { id: 'all', label: 'billing.list.tab.all' },
      { id: 'unpaid', label: 'expenses.tab.unpaid' },
      { id: 'paid', label: 'billing.list.tab.paid' },
    ],
    sorts: [
      { key: 'date', field: 'date', label: 'billing.list.sort.date' },
      { key: 'vendor', field: 'vendor_name', label: 'expenses.sort.vendor' },
      { key: 'category', field: 'category', label: 'expenses.sort.category' },
      { key: 'total', field: 'total_cents', label: 'billing.list.sort.total' },
    ],
    defaultSort: '-date',
    dateField: 'date',
    searchFields: ['vendor_name', 'number', 'description', 'category', 'note'],
    hasCustomerFilter: false,
    expand: '',
  },
  vendors: {
    collection: 'vendors',
    tabs: [
      { id: 'active', label: 'billing.list.tab.active' },
      { id: 'archived', label: 'billing.list.tab.archived' },
    ],
    sorts: [
      { key: 'name', field: 'name', label: 'billing.list.sort.name' },
      { key: 'created', field: 'created', label: 'billing.list.sort.added' },
    ],
    defaultSort: 'name',
    dateField: null,
    searchFields: ['name', 'address', 'vat_id', 'iban', 'email'],
    hasCustomerFilter: false,
    expand: '',
  },
  payments: {
    collection: 'payments',
    tabs: [
      { id: 'all', label: 'billing.list.tab.all' },
      { id: 'bank_transfer', label: 'billing.method.bank_transfer' },
      { id: 'card', label: 'billing.method.card' },
      { id: 'cash', label: 'billing.method.cash' },
      { id: 'cheque', label: 'billing.method.cheque' },
      { id: 'other', label: 'billing.method.other' },
      { id: 'credit', label: 'billing.method.credit' },
    ],
    sorts: [
      { key: 'number', field: 'seq', label: 'billing.list.sort.number' },
      { key: 'date', field: 'date', label: 'billing.list.sort.date' },
      { key: 'customer', field: 'customer.name', label: 'billing.list.sort.customer' },
      { key: 'invoice', field: 'invoice.seq', label: 'billing.list.sort.invoice' },
      { key: 'amount', field: 'amount_cents', label: 'billing.list.sort.amount' },
    ],
    defaultSort: '-date',
    dateField: 'date',
    searchFields: ['number', 'reference', 'customer.name', 'invoice.number'],
    hasCustomerFilter: true,
    expand: 'customer,invoice',
  },
  credit_notes: {
    collection: 'credit_notes',
    tabs: [
      { id: 'all', label: 'billing.list.tab.all' },
      { id: 'credit_left', label: 'credits.tab.creditLeft' },
      { id: 'refunded', label: 'credits.tab.refunded' },
    ],
    sorts: [
      { key: 'number', field: 'seq', label: 'billing.list.sort.number' },
      { key: 'customer', field: 'customer.name', label: 'billing.list.sort.customer' },
      { key: 'issue_date', field: 'issue_date', label: 'billing.list.sort.issued' },
      { key: 'invoice', field: 'invoice.seq', label: 'billing.list.sort.invoice' },
      { key: 'total', field: 'total_cents', label: 'billing.list.sort.total' },
    ],
    defaultSort: '-issue_date',
    dateField: 'issue_date',
    searchFields: ['number', 'customer.name', 'invoice.number', 'reason'],
    hasCustomerFilter: true,
    expand: 'customer,invoice',
  },
  refunds: {
    collection: 'refunds',
    tabs: [{ id: 'all', label: 'billing.list.tab.all' }],
    sorts: [
      { key: 'date', field: 'date', label: 'billing.list.sort.date' },
      { key: 'amount', field: 'amount_cents', label: 'billing.list.sort.amount' },
    ],
    defaultSort: '-date',
    dateField: 'date',
    searchFields: ['reference', 'customer.name'],
    hasCustomerFilter: true,
    expand: 'credit_note,customer',
  },
  bank_transactions: {
    collection: 'bank_transactions',
    tabs: [
      { id: 'all', label: 'billing.list.tab.all' },
      { id: 'certain', label: 'billing.list.tab.bankCertain' },
      { id: 'suggested', label: 'billing.list.tab.bankSuggested' },
      { id: 'unmatched', label: 'billing.list.tab.bankUnmatched' },
      { id: 'matched', label: 'billing.list.tab.bankMatched' },
      { id: 'ignored', label: 'billing.list.tab.bankIgnored' },
    ],
    sorts: [
      { key: 'date', field: 'booking_date', label: 'billing.list.sort.date' },
      { key: 'amount', field: 'amount_cents', label: 'billing.list.sort.amount' },
      { key: 'counterparty', field: 'counterparty', label: 'billing.list.sort.name' },
    ],
    defaultSort: '-date',
    dateField: 'booking_date',
    searchFields: ['counterparty', 'remittance', 'creditor_ref', 'bank_ref', 'invoice.number'],
    hasCustomerFilter: false,
    expand: 'invoice',
  },
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const ID = /^[a-z0-9]{15}$/

/** Reads the URL's query string; anything unknown or malformed falls back to the default. */
export function parseListState(search: string, spec: ListSpec): ListState {
  const p = new URLSearchParams(search)
  const status = p.get('status') ?? ''
  const sort = p.get('sort') ?? ''
  const sortKey = sort.replace(/^-/, '')
  const page = Number(p.get('page') ?? '1')
  const from = p.get('from') ?? ''
  const to = p.get('to') ?? ''
  const customer = p.get('customer') ?? ''
  return {
    q: (p.get('q') ?? '').slice(0, 200),
    status: spec.tabs.some((t) => t.id === status) ? status : (spec.tabs[0]?.id ?? 'all'),
    customer: spec.hasCustomerFilter && ID.test(customer) ? customer : '',
    from: spec.dateField && DAY.test(from) ? from : '',
    to: spec.dateField && DAY.test(to) ? to : '',
    sort: spec.sorts.some((s) => s.key === sortKey) ? sort : spec.defaultSort,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

/** The query string for a state, leaving defaults out so plain URLs stay plain. */
export function serializeListState(state: ListState, spec: ListSpec): string {
  const p = new URLSearchParams()
  if (state.q.trim()) p.set('q', state.q)
  if (state.status !== (spec.tabs[0]?.id ?? 'all')) p.set('status', state.status)
  if (state.customer) p.set('customer', state.customer)
  if (state.from) p.set('from', state.from)
  if (state.to) p.set('to', state.to)
  if (state.sort !== spec.defaultSort) p.set('sort', state.sort)
  if (state.page > 1) p.set('page', String(state.page))
  const s = p.toString()
  return s ? `?${s}` : ''
}

/**
 * A change to the list state. Changing what is shown (search, tab, filters, sort) goes back to
 * page 1; only a page change keeps the rest.
 */
export function updateListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change }
  if (change.page === undefined) next.page = 1
  return next
}

/** Whether a search, a tab other than the first, or a filter narrows what the list shows. */
export function isNarrowed(state: ListState, spec: ListSpec): boolean {
  return Boolean(
    state.q.trim() ||
    state.status !== (spec.tabs[0]?.id ?? 'all') ||
    state.customer ||
    state.from ||
    state.to,
  )
}

/** The list without its search, tab and filters (its sort kept), from page 1. */
export function withoutNarrowing(state: ListState, spec: ListSpec): ListState {
  return updateListState(state, {
    q: '',
    status: spec.tabs[0]?.id ?? 'all',
    customer: '',
    from: '',
    to: '',
  })
}

/** Clicking a column: sort by it ascending, then descending, then ascending again. */
export function toggleSort(current: string, key: string): string {
  if (current === key) return `-${key}`
  return key
}

/** A filter as an expression with {:name} placeholders and its values (the SDK escapes them). */
export interface Filter {
  expr: string
  params: Record<string, string | number | boolean>
}

/**
 * Overdue invoices, as a filter: open (sent, viewed, partial) with something owed and a due date
 * before today — the server-side twin of status.ts isOverdue. Written with != so SQLite walks
 * the (owner, issue_date, …) index in page order instead of sorting every overdue invoice.
 */
export const OVERDUE_INVOICES = `status != "draft" && status != "paid" && status != "void" && balance_cents > 0 && due_date < {:today}`

function statusClause(spec: ListSpec, status: string, today: string): Filter | null {
  const t = pbDate(today)
  switch (spec.collection) {
    case 'invoices':
      switch (status) {
        case 'all':
          return null
        case 'outstanding':
          return {
            expr: `(status = "sent" || status = "viewed" || status = "partial")`,
            params: {},
          }
        case 'overdue':
          return {
            expr: OVERDUE_INVOICES,
            params: { today: t },
          }
        default:
          return { expr: 'status = {:status}', params: { status } }
      }
    case 'quotes':
      switch (status) {
        case 'all':
          return null
        case 'open':
          return {
            expr: `(status = "sent" || status = "viewed") && (expiry_date = "" || expiry_date >= {:today})`,
            params: { today: t },
          }
        case 'expired':
          return {
            expr: `(status = "draft" || status = "sent" || status = "viewed") && expiry_date != "" && expiry_date < {:today}`,
            params: { today: t },
          }
        default:
          return { expr: 'status = {:status}', params: { status } }
      }
    case 'customers':
    case 'items':
    case 'vendors':
      if (status === 'active') return { expr: 'archived = false', params: {} }
      if (status === 'archived') return { expr: 'archived = true', params: {} }
      return null
    case 'payments':
      return status === 'all' ? null : { expr: 'method = {:status}', params: { status } }
    case 'credit_notes':
      // Credit left: the invoice still owes the customer something (to refund or keep).
      if (status === 'credit_left') return { expr: 'invoice.credit_cents > 0', params: {} }
      if (status === 'refunded') return { expr: 'refunded_cents > 0', params: {} }
      return null
    case 'refunds':
      return null
    case 'expenses':
      return status === 'all' ? null : { expr: 'payment_state = {:status}', params: { status } }
    case 'bank_transactions':
      return status === 'all' ? null : { expr: 'state = {:status}', params: { status } }
  }
}

/** The server-side filter for a state; `status` overrides the state's tab (for tab counts). */
export function listFilter(
  spec: ListSpec,
  state: ListState,
  status: string = state.status,
  today = todayIso(),
): Filter {
  const parts: string[] = []
  const params: Filter['params'] = {}
  const q = state.q.trim()
  if (q) {
    parts.push(`(${spec.searchFields.map((f) => `${f} ~ {:q}`).join(' || ')})`)
    params.q = q
  }
  const s = statusClause(spec, status, today)
  if (s) {
    parts.push(s.expr)
    Object.assign(params, s.params)
  }
  if (state.customer && spec.hasCustomerFilter) {
    parts.push('customer = {:customer}')
    params.customer = state.customer
  }
  if (spec.dateField && state.from) {
    parts.push(`${spec.dateField} >= {:from}`)
    params.from = pbDate(state.from)
  }
  if (spec.dateField && state.to) {
    // "to" is inclusive: everything before the next day.
    parts.push(`${spec.dateField} < {:to}`)
    params.to = pbDate(addDays(state.to, 1))
  }
  return { expr: parts.join(' && '), params }
}

/** The PocketBase sort for a state, with a stable tie-breaker. */
export function listSort(spec: ListSpec, sort: string): string {
  const desc = sort.startsWith('-')
  const key = sort.replace(/^-/, '')
  const field = spec.sorts.find((s) => s.key === key)?.field ?? key
  const tie =
    spec.collection === 'customers' ||
    spec.collection === 'items' ||
    spec.collection === 'vendors' ||
    spec.collection === 'expenses'
      ? 'id'
      : spec.collection === 'refunds' || spec.collection === 'bank_transactions'
        ? 'created'
        : 'seq'
  const dir = desc ? '-' : ''
  return field === tie ? `${dir}${field}` : `${dir}${field},${dir}${tie}`
}

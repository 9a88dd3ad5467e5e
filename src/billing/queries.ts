import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { FULL_LIST_BATCH, PAGE_SIZE } from '@/config/constants'
import { scopedFilter } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'
import { listFilter, listSort, type ListSpec, type ListState } from './list-state'
import type {
  AnyRecord,
  Collection,
  CreditNote,
  Customer,
  Invoice,
  Item,
  Page,
  Payment,
  Quote,
  Refund,
} from './types'

/** Query keys: everything of the back-office sits under ['records', collection, …]. */
export const recordKeys = {
  all: ['records'] as const,
  collection: (c: Collection) => ['records', c] as const,
  list: (c: Collection, state: ListState) => ['records', c, 'list', state] as const,
  counts: (c: Collection, state: Omit<ListState, 'status' | 'page' | 'sort'>) =>
    ['records', c, 'counts', state] as const,
  one: (c: Collection, id: string) => ['records', c, 'one', id] as const,
  related: (c: Collection, by: string, id: string) => ['records', c, by, id] as const,
}

export const dashboardKey = ['dashboard'] as const

async function filterString(spec: ListSpec, state: ListState, status?: string) {
  const pb = await loadPb()
  const f = listFilter(spec, state, status)
  return scopedFilter(pb, f.expr, f.params)
}

export const listQuery = <T extends AnyRecord>(spec: ListSpec, state: ListState) =>
  queryOptions({
    queryKey: recordKeys.list(spec.collection, state),
    queryFn: async (): Promise<Page<T>> => {
      const pb = await loadPb()
      // No total here: PocketBase counts every match for it (~16 ms over 100k rows). The tab
      // counts, fetched beside the page, give the total.
      return pb.collection(spec.collection).getList<T>(state.page, PAGE_SIZE, {
        filter: await filterString(spec, state),
        sort: listSort(spec, state.sort),
        expand: spec.expand || undefined,
        skipTotal: true,
      })
    },
    placeholderData: keepPreviousData,
  })

/** How many records each status tab holds under the current search and filters. */
export const countsQuery = (spec: ListSpec, state: ListState) => {
  const { q, customer, from, to } = state
  return queryOptions({
    queryKey: recordKeys.counts(spec.collection, { q, customer, from, to }),
    queryFn: async (): Promise<Record<string, number>> => {
      const pb = await loadPb()
      const counts = await Promise.all(
        spec.tabs.map(async (t) => {
          const r = await pb.collection(spec.collection).getList(1, 1, {
            filter: await filterString(spec, state, t.id),
            fields: 'id',
          })
          return [t.id, r.totalItems] as const
        }),
      )
      return Object.fromEntries(counts)
    },
    placeholderData: keepPreviousData,
  })
}

/** Every record matching the list's filter, not just the page (for CSV export). */
export async function fetchAllMatching<T extends AnyRecord>(
  spec: ListSpec,
  state: ListState,
): Promise<T[]> {
  const pb = await loadPb()
  return pb.collection(spec.collection).getFullList<T>({
    batch: FULL_LIST_BATCH,
    filter: await filterString(spec, state),
    sort: listSort(spec, state.sort),
    expand: spec.expand || undefined,
  })
}

/** Relations fetched with one record, the same everywhere so its cached copy has one shape. */
const recordExpand: Record<Collection, string | undefined> = {
  customers: undefined,
  quotes: 'customer',
  invoices: 'customer',
  payments: 'customer,invoice',
  credit_notes: 'customer,invoice',
  refunds: 'credit_note,invoice,customer',
  bank_transactions: 'invoice',
  items: undefined,
  expenses: 'vendor',
  vendors: undefined,
}

export const recordQuery = <T extends AnyRecord>(c: Collection, id: string) =>
  queryOptions({
    queryKey: recordKeys.one(c, id),
    queryFn: async (): Promise<T> =>
      (await loadPb()).collection(c).getOne<T>(id, { expand: recordExpand[c] }),
  })

export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['records', 'customers', 'search', q] as const,
    queryFn: async (): Promise<Customer[]> => {
      const pb = await loadPb()
      const filter = q.trim()
        ? scopedFilter(
            pb,
            'archived = false && (name ~ {:q} || email ~ {:q} || contact_name ~ {:q})',
            { q: q.trim() },
          )
        : scopedFilter(pb, 'archived = false')
      const page = await pb
        .collection('customers')
        .getList<Customer>(1, 20, { filter, sort: 'name', fields: '*' })
      return page.items
    },
    placeholderData: keepPreviousData,
  })

/**
 * The business's active items, whole, for the line pickers: searched on this device as one types
 * (matchItems), so picking works offline from the cached copy too.
 */
export const catalogueQuery = () =>
  queryOptions({
    queryKey: ['records', 'items', 'catalogue'] as const,
    queryFn: async (): Promise<Item[]> => {
      const pb = await loadPb()
      return pb.collection('items').getFullList<Item>({
        batch: FULL_LIST_BATCH,
        filter: scopedFilter(pb, 'archived = false'),
        sort: 'name,id',
      })
    },
  })

export const invoicePaymentsQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: recordKeys.related('payments', 'byInvoice', invoiceId),
    queryFn: async (): Promise<Payment[]> =>
      (await loadPb()).collection('payments').getFullList<Payment>({
        filter: (await loadPb()).filter('invoice = {:id}', { id: invoiceId }),
        sort: '-date,-seq',
      }),
  })

/** An invoice's credit notes, newest first. */
export const invoiceCreditNotesQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: recordKeys.related('credit_notes', 'byInvoice', invoiceId),
    queryFn: async (): Promise<CreditNote[]> => {
      const pb = await loadPb()
      return pb.collection('credit_notes').getFullList<CreditNote>({
        filter: pb.filter('invoice = {:id}', { id: invoiceId }),
        sort: '-issue_date,-seq',
      })
    },
  })

/** A customer's credit notes whose invoice still holds credit (kept credit), oldest first. */
export const customerKeptCreditQuery = (customerId: string) =>
  queryOptions({
    queryKey: recordKeys.related('credit_notes', 'keptByCustomer', customerId),
    queryFn: async (): Promise<CreditNote[]> => {
      const pb = await loadPb()
      return pb.collection('credit_notes').getFullList<CreditNote>({
        filter: pb.filter('customer = {:id} && invoice.credit_cents > 0', { id: customerId }),
        sort: 'issue_date,seq',
        expand: 'invoice',
      })
    },
  })

/** A credit note's refunds, newest first. */
export const creditNoteRefundsQuery = (creditNoteId: string) =>
  queryOptions({
    queryKey: recordKeys.related('refunds', 'byCreditNote', creditNoteId),
    queryFn: async (): Promise<Refund[]> => {
      const pb = await loadPb()
      return pb.collection('refunds').getFullList<Refund>({
        filter: pb.filter('credit_note = {:id}', { id: creditNoteId }),
        sort: '-date,-created',
      })
    },
  })

export interface CustomerDocuments {
  quotes: Quote[]
  invoices: Invoice[]
  payments: Payment[]
  creditNotes: CreditNote[]
}

export const customerDocumentsQuery = (customerId: string) =>
  queryOptions({
    queryKey: recordKeys.related('customers', 'documents', customerId),
    queryFn: async (): Promise<CustomerDocuments> => {
      const pb = await loadPb()
      const filter = pb.filter('customer = {:id}', { id: customerId })
      const [quotes, invoices, payments, creditNotes] = await Promise.all([
        pb
          .collection('quotes')
          .getFullList<Quote>({ filter, sort: '-issue_date,-seq', batch: FULL_LIST_BATCH }),
        pb
          .collection('invoices')
          .getFullList<Invoice>({ filter, sort: '-issue_date,-seq', batch: FULL_LIST_BATCH }),
        pb.collection('payments').getFullList<Payment>({
          filter,
          sort: '-date,-seq',
          batch: FULL_LIST_BATCH,
          expand: 'invoice',
        }),
        pb.collection('credit_notes').getFullList<CreditNote>({
          filter,
          sort: '-issue_date,-seq',
          batch: FULL_LIST_BATCH,
          expand: 'invoice',
        }),
      ])
      return { quotes, invoices, payments, creditNotes }
    },
  })

export interface SellerSettings {
  id: string
  collectionId: string
  /** The record's version (set by the server on each change). */
  updated: string
  logo: string
  company_name: string
  company_address: string
  company_tax_id: string
  default_currency: string
  default_terms_days: number
  default_tax_rate: number
  notify_overdue: boolean
  notify_quote_expiring: boolean
  /** Every member must sign in with two factors. */
  require_mfa?: boolean
  /** When the owner closed the business ("" while open). */
  closed_at?: string
  company_postal_code?: string
  company_city?: string
  company_country?: string
  company_vat_id?: string
  bank_holder?: string
  iban?: string
  bic?: string
  view_tracking?: boolean
  send_subject_template?: string
  send_message_template?: string
  credit_note_prefix?: string
  /** The default language of documents ("" or absent: English). */
  document_language?: string
  /** The business's IANA time zone ("" or absent: UTC). */
  time_zone?: string
  /** Automatic payment reminders (see src/billing/dunning.ts): on or off, schedule, templates. */
  reminders_enabled?: boolean
  reminder_steps?: number[] | null
  reminder_subject_template?: string
  reminder_message_template?: string
  /** Certain bank matches are recorded as payments at import, without a click. */
  bank_auto_confirm?: boolean
  /** The business's list of expense categories (absent or empty: the default list). */
  expense_categories?: string[] | null
  /** Not fields of the business (the user's, before teams): absent now. */
  email?: string
  name?: string
}

export const sellerKey = (businessId: string) => ['businesses', businessId] as const

/** The business's expense categories (expense-categories.ts), refreshed when its settings change. */
export const expenseCategoriesKey = (business: string) => ['expense-categories', business] as const

/** The current business's settings (seller block, defaults, reminders): its `businesses` record. */
export const sellerQuery = (businessId: string) =>
  queryOptions({
    queryKey: sellerKey(businessId),
    queryFn: async (): Promise<SellerSettings> =>
      (await loadPb()).collection('businesses').getOne<SellerSettings>(businessId),
  })

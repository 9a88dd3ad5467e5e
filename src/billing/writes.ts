import type { QueryClient } from '@tanstack/react-query'
import type { RecordModel } from 'pocketbase'
import { loadPb } from '@/lib/pocketbase/instance'
import { statusOf } from '@/lib/errors'
import { defineWrite, type WriteContext } from '@/lib/writes'
import { refreshMemberships } from '@/lib/business'
import { computeTotals } from './money/totals'
import { dashboardKey, expenseCategoriesKey, recordKeys, sellerKey } from './queries'
import { deriveInvoiceStatus } from './status'
import type { AnyRecord, Collection, InvoiceStatus, LineItem } from './types'

/**
 * The back-office writes. Each one is safe to replay: creates carry an id made on this device,
 * updates send the whole change again, deletes accept "already gone", conversion accepts
 * "already converted". So a write replayed after a lost answer is applied once.
 */
export interface CreateVars {
  collection: Collection
  id: string
  body: Record<string, unknown>
  /** What the user sees in the list of waiting changes ("Invoice for Acme"). */
  label: string
}
export interface UpdateVars {
  collection: Collection
  id: string
  body: Record<string, unknown>
  label: string
  /**
   * The version (`updated`) the edit started from. The server refuses the write when the record
   * has changed since (another tab or device), instead of writing over that change.
   */
  base?: string
}
export interface DeleteVars {
  collection: Collection
  id: string
  label: string
}
export interface ConvertVars {
  quoteId: string
  label: string
}
/** "Request a deposit" of a quote or a draft invoice: a percentage, or an amount in cents. */
export interface DepositVars {
  collection: 'quotes' | 'invoices'
  id: string
  label: string
  percent?: number
  amount_cents?: number
}
export interface SendVars {
  collection: 'quotes' | 'invoices' | 'credit_notes'
  id: string
  label: string
  /** The confirmed mail (the send dialog); absent fields take the customer's email and the templates. */
  to?: string
  cc?: string
  subject?: string
  message?: string
  /** The PDF made on this device, attached and kept as the issued copy. */
  pdf?: Blob
  pdfName?: string
}

/**
 * What a create sends: the record in the business the write was made in. A write queued before
 * teams (an app that sent `owner`, the user's id) goes to the business the upgrade made of that
 * user, which has the same id; the server no longer knows `owner`.
 */
export function createBody(
  vars: Pick<CreateVars, 'id' | 'body'> & { owner?: unknown },
  ctx: WriteContext,
): Record<string, unknown> {
  const { owner, business, ...rest } = vars.body
  const legacy = typeof owner === 'string' && owner ? owner : vars.owner
  const queued = typeof business === 'string' && business ? business : undefined
  return {
    ...rest,
    id: vars.id,
    business: queued ?? (typeof legacy === 'string' && legacy ? legacy : ctx.business),
  }
}

async function createRecord(vars: CreateVars, ctx: WriteContext): Promise<AnyRecord> {
  const { collection, id } = vars
  const pb = await loadPb()
  try {
    return await pb.collection(collection).create<AnyRecord>(createBody(vars, ctx))
  } catch (error) {
    // A replay after an answer that never arrived: the record is already there.
    if (statusOf(error) === 400) {
      const existing = await pb
        .collection(collection)
        .getOne<AnyRecord>(id)
        .catch(() => null)
      if (existing) return existing
    }
    throw error
  }
}

async function updateRecord({ collection, id, body, base }: UpdateVars): Promise<AnyRecord> {
  const pb = await loadPb()
  return pb
    .collection(collection)
    .update<AnyRecord>(id, body, base ? { headers: { 'X-Folio-Base': base } } : undefined)
}

async function deleteRecord({ collection, id }: DeleteVars): Promise<boolean> {
  const pb = await loadPb()
  try {
    return await pb.collection(collection).delete(id)
  } catch (error) {
    if (statusOf(error) === 404) return true
    throw error
  }
}

export interface ConvertResult {
  invoice: string
}

async function convertQuote({ quoteId }: ConvertVars): Promise<ConvertResult> {
  const pb = await loadPb()
  try {
    const r = await pb.send<{ invoice?: { id: string }; id?: string }>(
      `/api/folio/quotes/${encodeURIComponent(quoteId)}/convert`,
      { method: 'POST' },
    )
    return { invoice: r.invoice?.id ?? r.id ?? '' }
  } catch (error) {
    if (statusOf(error) === 400) {
      const quote = await pb
        .collection('quotes')
        .getOne<{ invoice: string }>(quoteId)
        .catch(() => null)
      if (quote?.invoice) return { invoice: quote.invoice }
    }
    throw error
  }
}

async function requestDeposit(vars: DepositVars): Promise<{ id: string }> {
  const pb = await loadPb()
  return pb.send<{ id: string }>(
    `/api/folio/${vars.collection}/${encodeURIComponent(vars.id)}/deposit`,
    {
      method: 'POST',
      body: vars.percent ? { percent: vars.percent } : { amount_cents: vars.amount_cents ?? 0 },
    },
  )
}

async function sendDocument(vars: SendVars): Promise<unknown> {
  const pb = await loadPb()
  const body = new FormData()
  for (const k of ['to', 'cc', 'subject', 'message'] as const) {
    const v = vars[k]
    if (v !== undefined) body.append(k, v)
  }
  if (vars.pdf) body.append('pdf', vars.pdf, vars.pdfName || 'document.pdf')
  return pb.send(`/api/folio/${vars.collection}/${encodeURIComponent(vars.id)}/send`, {
    method: 'POST',
    body,
  })
}

/** Lines with their net as the server will compute it, for records shown before it answers. */
function withTotals(body: Record<string, unknown>): Record<string, unknown> {
  const items = body.items as LineItem[] | undefined
  if (!Array.isArray(items)) return body
  try {
    const t = computeTotals(items, Number(body.discount_percent ?? 0))
    return {
      ...body,
      items: items.map((l, i) => ({ ...l, net_cents: t.lines_net_cents[i] })),
      subtotal_cents: t.subtotal_cents,
      discount_cents: t.discount_cents,
      tax_cents: t.tax_cents,
      total_cents: t.total_cents,
      tax_breakdown: t.tax_breakdown,
    }
  } catch {
    return body
  }
}

/** Shows a write at once in the record's cached copy; the server's answer replaces it later. */
function applyOptimistic(
  qc: QueryClient,
  kind: 'create' | 'update' | 'delete',
  vars: { collection: Collection; id: string; body?: Record<string, unknown> },
) {
  const key = recordKeys.one(vars.collection, vars.id)
  if (kind === 'delete') {
    qc.removeQueries({ queryKey: key, exact: true })
    return
  }
  const body = withTotals(vars.body ?? {})
  if (vars.collection === 'payments' && kind === 'create') applyPaymentToInvoice(qc, body)
  if (kind === 'create') {
    const now = new Date().toISOString().replace('T', ' ')
    const draft =
      vars.collection === 'quotes' || vars.collection === 'invoices'
        ? { status: 'draft', number: '', paid_cents: 0, balance_cents: body.total_cents ?? 0 }
        : {}
    qc.setQueryData(key, {
      id: vars.id,
      created: now,
      updated: now,
      ...draft,
      ...body,
      pending: true,
    })
    return
  }
  qc.setQueryData(key, (old: Record<string, unknown> | undefined) =>
    old ? { ...old, ...body, pending: true } : old,
  )
}

/** A payment made offline shows on its invoice at once: paid, balance and status move. */
function applyPaymentToInvoice(qc: QueryClient, body: Record<string, unknown>) {
  const invoiceId = String(body.invoice ?? '')
  const amount = Number(body.amount_cents ?? 0)
  if (!invoiceId || !amount) return
  qc.setQueryData(
    recordKeys.one('invoices', invoiceId),
    (old: Record<string, unknown> | undefined) => {
      if (!old) return old
      const paid = Number(old.paid_cents ?? 0) + amount
      const total = Number(old.total_cents ?? 0)
      const status = deriveInvoiceStatus({
        status: old.status as InvoiceStatus,
        paid_cents: paid,
        total_cents: total,
        viewed_before: Boolean(old.viewed_at),
      })
      return { ...old, paid_cents: paid, balance_cents: total - paid, status, pending: true }
    },
  )
}

/** A change to the business's settings or reminder preferences (fields of `businesses`). */
export interface SettingsUpdate {
  /** The business changed (absent in a write queued before teams: `userId` names it then). */
  business?: string
  /** Before teams the settings were the user's: the upgrade gave that business the user's id. */
  userId?: string
  body: Record<string, unknown>
  label: string
}

/** The business a settings change is for. */
export const settingsTarget = (vars: SettingsUpdate, ctx: WriteContext): string =>
  vars.business || vars.userId || ctx.business

async function updateSettings(vars: SettingsUpdate, ctx: WriteContext): Promise<RecordModel> {
  const pb = await loadPb()
  return pb.collection('businesses').update(settingsTarget(vars, ctx), vars.body)
}

const label = (vars: { label: string }) => vars.label

/** After any record write: lists, records and the dashboard may all have moved. */
function refreshRecords(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: recordKeys.all })
  void qc.invalidateQueries({ queryKey: dashboardKey })
}

/** A create, update or delete of a record: shown at once in the cache, then refreshed. */
function recordWrite<
  V extends { collection: Collection; id: string; label: string; body?: Record<string, unknown> },
  R,
>(kind: 'create' | 'update' | 'delete', run: (vars: V, ctx: WriteContext) => Promise<R>) {
  return defineWrite({
    key: ['records', kind],
    run,
    optimistic: (qc, vars) => applyOptimistic(qc, kind, vars),
    settled: refreshRecords,
    describe: label,
  })
}

/** The back-office writes. Their keys are saved with queued writes: never rename one. */
export const writes = {
  recordCreate: recordWrite('create', createRecord),
  recordUpdate: recordWrite('update', updateRecord),
  recordDelete: recordWrite('delete', deleteRecord),
  quoteConvert: defineWrite({
    key: ['quotes', 'convert'],
    run: convertQuote,
    settled: refreshRecords,
    describe: label,
  }),
  depositRequest: defineWrite({
    key: ['invoices', 'deposit'],
    run: requestDeposit,
    settled: refreshRecords,
    describe: label,
  }),
  documentSend: defineWrite({
    key: ['documents', 'send'],
    run: sendDocument,
    settled: refreshRecords,
    describe: label,
  }),
  // The key says users (the settings were the user's before teams): a key is forever.
  settingsUpdate: defineWrite({
    key: ['users', 'settings'],
    run: updateSettings,
    optimistic(qc, vars: SettingsUpdate) {
      // A file (a new logo) has no URL until the server stores it: it shows once saved.
      const body = vars.body
      const plain = Object.fromEntries(Object.entries(body).filter(([, v]) => !(v instanceof Blob)))
      qc.setQueriesData(
        { queryKey: sellerKey(vars.business || vars.userId || '') },
        (old: unknown) => (old && typeof old === 'object' ? { ...old, ...plain } : old),
      )
    },
    settled: (qc, vars: SettingsUpdate) => {
      void qc.invalidateQueries({ queryKey: sellerKey(vars.business || vars.userId || '') })
      // The categories, or the default ones in the document's language.
      if ('expense_categories' in vars.body || 'document_language' in vars.body)
        void qc.invalidateQueries({ queryKey: expenseCategoriesKey(vars.business || '') })
      // The switcher shows the business's name, and the 2FA gate its rule, from the memberships.
      if ('company_name' in vars.body || 'require_mfa' in vars.body) void refreshMemberships()
    },
    describe: label,
  }),
}

/** Every billing write, for the registry. */
export const billingWrites = Object.values(writes)

import { queryOptions } from '@tanstack/react-query'
import { loadPb } from '@/lib/pocketbase/instance'
import type { BankTransaction, Invoice } from '@/billing/types'

/** One imported statement (the `bank_statements` collection). */
export interface BankStatement {
  id: string
  format: 'camt053' | 'mt940' | 'csv'
  file_name: string
  account: string
  currency: string
  from_date: string
  to_date: string
  entries: number
  added: number
  created: string
}

/** What an import did (POST /api/folio/bank/import). */
export interface ImportResult {
  statement: string
  entries: number
  added: number
  duplicates: number
  certain: number
  suggested: number
  unmatched: number
  confirmed: number
}

/** How a bank's CSV is read: which column (by its header) holds what. */
export interface CsvMapping {
  delimiter: string
  date_format: string
  decimal_comma: boolean
  currency: string
  date: string
  value_date?: string
  amount?: string
  credit?: string
  debit?: string
  currency_column?: string
  counterparty?: string
  iban?: string
  remittance?: string
  reference?: string
  account?: string
}

/** The first lines of a CSV the server does not know yet, and its guess at the columns. */
export interface CsvPreview {
  signature: string
  header: string[]
  rows: string[][]
  guess: CsvMapping
}

/** The import's answer: done, or the CSV's columns are wanted first. */
export type ImportOutcome =
  { kind: 'done'; result: ImportResult } | { kind: 'mapping'; preview: CsvPreview; wrong: boolean }

export const bankKeys = {
  // Under 'records', so live updates and every write's refresh reach it.
  statements: (business: string) => ['records', 'bank_statements', business] as const,
  openInvoices: (business: string, q: string) => ['bank', business, 'open-invoices', q] as const,
}

const enc = encodeURIComponent

/** The 422 of a CSV whose columns the server needs, read by its shape. */
function previewOf(error: unknown): { preview: CsvPreview; wrong: boolean } | null {
  const e = error as {
    status?: number
    response?: { data?: { preview?: CsvPreview; '@refusal'?: { code?: string } } }
  }
  const preview = e?.response?.data?.preview
  if (e?.status !== 422 || !preview || !Array.isArray(preview.header)) return null
  return { preview, wrong: e.response?.data?.['@refusal']?.code === 'folio_bank_csv_mapping_wrong' }
}

/** Uploads a statement; a CSV of a bank not seen before answers with its preview. */
export async function importStatement(
  business: string,
  file: File,
  mapping?: CsvMapping,
): Promise<ImportOutcome> {
  const pb = await loadPb()
  const body = new FormData()
  // The server reads the fields before the file, as it streams.
  if (mapping) body.append('mapping', JSON.stringify(mapping))
  body.append('file', file)
  try {
    const result = await pb.send<ImportResult>(`/api/folio/bank/import?business=${enc(business)}`, {
      method: 'POST',
      body,
      requestKey: null,
    })
    return { kind: 'done', result }
  } catch (error) {
    const p = previewOf(error)
    if (p) return { kind: 'mapping', ...p }
    throw error
  }
}

type Decision = 'confirm' | 'assign' | 'ignore' | 'restore'

/** Confirms, assigns (to `invoice`), ignores or takes back a transaction. */
export async function decide(id: string, decision: Decision, invoice?: string): Promise<void> {
  await (
    await loadPb()
  ).send(`/api/folio/bank/transactions/${enc(id)}/${decision}`, {
    method: 'POST',
    body: invoice ? { invoice } : {},
    requestKey: null,
  })
}

/** Turns confirming certain matches at import on or off (owners and admins). */
export async function setAutoConfirm(business: string, on: boolean): Promise<void> {
  await (await loadPb()).collection('businesses').update(business, { bank_auto_confirm: on })
}

export const statementsQuery = (business: string) =>
  queryOptions({
    queryKey: bankKeys.statements(business),
    queryFn: async (): Promise<BankStatement[]> => {
      const pb = await loadPb()
      const page = await pb.collection('bank_statements').getList<BankStatement>(1, 10, {
        filter: pb.filter('business = {:business}', { business }),
        sort: '-created',
      })
      return page.items
    },
  })

/** The invoices a transaction could pay: open, of the business, matching the search. */
export const openInvoicesQuery = (business: string, q: string) =>
  queryOptions({
    queryKey: bankKeys.openInvoices(business, q),
    queryFn: async (): Promise<Invoice[]> => {
      const pb = await loadPb()
      const open =
        'business = {:business} && balance_cents > 0 && (status = "sent" || status = "viewed" || status = "partial")'
      const filter = q.trim()
        ? pb.filter(`${open} && (number ~ {:q} || customer.name ~ {:q})`, { business, q: q.trim() })
        : pb.filter(open, { business })
      const page = await pb
        .collection('invoices')
        .getList<Invoice>(1, 20, { filter, sort: '-issue_date', expand: 'customer' })
      return page.items
    },
  })

/** A transaction's amount as the bank shows it: negative when money went out. */
export const signedCents = (tx: Pick<BankTransaction, 'amount_cents' | 'credit'>): number =>
  tx.credit ? tx.amount_cents : -tx.amount_cents

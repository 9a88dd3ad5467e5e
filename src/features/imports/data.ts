import { loadPb } from '@/lib/pocketbase/instance'

/** One problem of one row, as the server found it (server/internal/imports Problem). */
export interface RowProblem {
  row: number
  field?: string
  code: string
  params?: Record<string, unknown>
}

/** A row that is already a customer (same email or VAT ID). */
export interface Duplicate {
  row: number
  customer: string
  name: string
  by: 'email' | 'tax_id' | 'sku' | 'name'
}

/** Which column (by its index in the header) fills which customer field. */
export type Mapping = Record<string, number>

/** What a run did, or what it would do (the preview). */
export interface Outcome {
  created: number
  updated: number
  skipped: number
  failed: number
  problems: RowProblem[]
  duplicates: Duplicate[]
  duplicate_count: number
}

/** POST /api/folio/import/preview: the header, the mapping, the first rows, every row checked. */
export interface Preview extends Outcome {
  header: string[]
  mapping: Mapping
  fields: string[]
  total: number
  rows: { row: number; values: Record<string, string | number> }[]
}

/** POST /api/folio/import/run. */
export interface RunResult extends Outcome {
  id: string
}

export type DuplicateChoice = 'skip' | 'update' | 'new'
export type Kind = 'customers' | 'items' | 'invoices'
export type Mode = 'all' | 'rows'

export interface ImportOptions {
  kind: Kind
  mapping?: Mapping
  mode?: Mode
  duplicates?: DuplicateChoice
  skip?: number[]
}

const enc = encodeURIComponent

async function upload<T>(path: string, business: string, file: File, o: ImportOptions) {
  const body = new FormData()
  // The server reads the fields before the file, as it streams.
  body.append('business', business)
  body.append('kind', o.kind)
  if (o.mapping) body.append('mapping', JSON.stringify(o.mapping))
  if (o.mode) body.append('mode', o.mode)
  if (o.duplicates) body.append('duplicates', o.duplicates)
  if (o.skip?.length) body.append('skip', JSON.stringify(o.skip))
  body.append('file', file)
  return (await loadPb()).send<T>(`${path}?business=${enc(business)}`, {
    method: 'POST',
    body,
    requestKey: null,
  })
}

export const previewImport = (business: string, file: File, o: ImportOptions) =>
  upload<Preview>('/api/folio/import/preview', business, file, o)

export const runImport = (business: string, file: File, o: ImportOptions) =>
  upload<RunResult>('/api/folio/import/run', business, file, o)

export async function undoImport(id: string): Promise<void> {
  await (
    await loadPb()
  ).send(`/api/folio/import/${enc(id)}/undo`, { method: 'POST', body: {}, requestKey: null })
}

/** The rows' problems of an all-or-nothing run the server refused, or null for another error. */
export function refusedProblems(error: unknown): RowProblem[] | null {
  const e = error as { status?: number; response?: { data?: { problems?: unknown } } }
  const list = e?.response?.data?.problems
  return e?.status === 422 && Array.isArray(list) ? (list as RowProblem[]) : null
}

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

/** Values corrected in the preview: row number → field → value. */
export type Fixes = Record<number, Record<string, string>>

export type DuplicateChoice = 'skip' | 'update' | 'new'
export type Kind = 'customers' | 'vendors' | 'items' | 'invoices' | 'expenses'
export type Mode = 'all' | 'rows'

/**
 * How far a preview or a run has got: the file being sent (bytes; total 0 when the browser can't
 * tell), then the server's rows done (server/internal/imports/progress.go).
 */
export type Progress =
  | { phase: 'upload'; loaded: number; total: number }
  | { phase: 'rows'; done: number; total: number }

export interface ImportOptions {
  kind: Kind
  mapping?: Mapping
  mode?: Mode
  duplicates?: DuplicateChoice
  skip?: number[]
  /** Values corrected in the preview, by row and field: they replace the file's cells. */
  fixes?: Fixes
  /** Hears how far the upload and then the rows have got. */
  onProgress?: (p: Progress) => void
}

/** How often the server is asked how far the rows have got. */
export const PROGRESS_POLL_MS = 500

const enc = encodeURIComponent

/** A new id for a preview or run (a PocketBase record id: 15 of a-z0-9). */
export function newRunId(): string {
  const abc = 'abcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = crypto.getRandomValues(new Uint8Array(15))
  return Array.from(bytes, (b) => abc[b % abc.length]).join('')
}

/** A refused or failed upload, shaped as the SDK's errors are (src/lib/errors.ts reads them). */
export class UploadError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly response: Record<string, unknown>,
  ) {
    super(typeof response.message === 'string' ? response.message : 'The upload failed.')
  }
  readonly isAbort = false
}

/**
 * POSTs a form with XMLHttpRequest, whose upload reports its progress (fetch can't), signed in
 * as the SDK is. The browser streams the file from disk: it is never read into memory here.
 */
export function sendForm<T>(
  url: string,
  token: string,
  body: FormData,
  onUpload?: (loaded: number, total: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    if (token) xhr.setRequestHeader('Authorization', token)
    if (onUpload) {
      xhr.upload.onprogress = (e) => onUpload(e.loaded, e.lengthComputable ? e.total : 0)
    }
    xhr.onload = () => {
      let data: unknown = {}
      try {
        data = JSON.parse(xhr.responseText)
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      const answer = data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as T)
      else reject(new UploadError(url, xhr.status, answer))
    }
    xhr.onerror = () => reject(new UploadError(url, 0, {}))
    xhr.send(body)
  })
}

async function upload<T>(path: string, business: string, file: File, o: ImportOptions) {
  const pb = await loadPb()
  const body = new FormData()
  // The server reads the fields before the file, as it streams.
  body.append('business', business)
  body.append('kind', o.kind)
  if (o.mapping) body.append('mapping', JSON.stringify(o.mapping))
  if (o.mode) body.append('mode', o.mode)
  if (o.duplicates) body.append('duplicates', o.duplicates)
  if (o.skip?.length) body.append('skip', JSON.stringify(o.skip))
  if (o.fixes && Object.keys(o.fixes).length > 0) body.append('fixes', JSON.stringify(o.fixes))
  const onProgress = o.onProgress
  let stopPolling = () => {}
  if (onProgress) {
    const id = newRunId()
    body.append('id', id)
    stopPolling = pollProgress(id, onProgress)
  }
  body.append('file', file)
  try {
    return await sendForm<T>(
      pb.buildURL(`${path}?business=${enc(business)}`),
      pb.authStore.token,
      body,
      onProgress && ((loaded, total) => onProgress({ phase: 'upload', loaded, total })),
    )
  } finally {
    stopPolling()
  }
}

/**
 * Asks the server every PROGRESS_POLL_MS how far the preview or run id has got, and tells
 * onProgress while its rows are being done; until the file has arrived the server doesn't know
 * it (404), which is no news. Returns the stop.
 */
export function pollProgress(id: string, onProgress: (p: Progress) => void): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const ask = async () => {
    try {
      const p = await (
        await loadPb()
      ).send<{ status: string; done: number; total: number }>(
        `/api/folio/import/${enc(id)}/progress`,
        { method: 'GET', requestKey: null },
      )
      if (!stopped && p.status === 'running' && p.total > 0) {
        onProgress({ phase: 'rows', done: p.done, total: p.total })
      }
    } catch {
      // Not there yet, or a moment offline: ask again.
    }
    if (!stopped) timer = setTimeout(() => void ask(), PROGRESS_POLL_MS)
  }
  timer = setTimeout(() => void ask(), PROGRESS_POLL_MS)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
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

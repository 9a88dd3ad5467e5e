// A large import shows how far it has got: the file's upload (XMLHttpRequest's upload progress),
// then the server's "4,200 of 20,000 rows" asked for every half second; a refusal reads as the
// SDK's errors do, so the page says it and lists the rows' problems.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { mutationErrorMessage } from '@/lib/errors'

const send = vi.fn()
vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    buildURL: (path: string) => `http://folio.test${path}`,
    authStore: { token: 'tok' },
    send,
  }),
}))

const { ImportProgress } = await import('@/features/imports/ImportPage')
const { PROGRESS_POLL_MS, previewImport, refusedProblems, runImport } =
  await import('@/features/imports/data')

/** The XMLHttpRequest a test drives by hand: it records what was sent and answers when told. */
class FakeXHR {
  static last: FakeXHR | null = null
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXHR.last = this
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent)
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

const file = () => new File(['Name\nA\n'], 'customers.csv', { type: 'text/csv' })
const flush = () => vi.advanceTimersByTimeAsync(0)

describe('import progress', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('XMLHttpRequest', FakeXHR)
    FakeXHR.last = null
    send.mockReset()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('reports the upload, then the rows the server has done, and stops asking at the answer', async () => {
    const seen: string[] = []
    send.mockResolvedValue({ status: 'running', done: 4200, total: 20000 })
    const done = runImport('b1', file(), {
      kind: 'customers',
      mode: 'all',
      onProgress: (p) =>
        seen.push(
          p.phase === 'upload' ? `upload ${p.loaded}/${p.total}` : `rows ${p.done}/${p.total}`,
        ),
    })
    await flush()
    const xhr = FakeXHR.last!
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('http://folio.test/api/folio/import/run?business=b1')
    expect(xhr.headers.Authorization).toBe('tok')
    // The run's id goes before the file, which the server reads last, as it streams.
    const names = [...xhr.body!.keys()]
    expect(names.indexOf('id')).toBeLessThan(names.indexOf('file'))
    const id = String(xhr.body!.get('id'))
    expect(id).toMatch(/^[a-z0-9]{15}$/)

    xhr.progress(1_500_000, 3_000_000)
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS)
    expect(send).toHaveBeenCalledWith(`/api/folio/import/${id}/progress`, {
      method: 'GET',
      requestKey: null,
    })
    xhr.answer(200, { id, created: 20000, updated: 0, skipped: 0, failed: 0, problems: [] })
    await expect(done).resolves.toMatchObject({ id, created: 20000 })
    expect(seen).toEqual(['upload 1500000/3000000', 'rows 4200/20000'])

    const asked = send.mock.calls.length
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 4)
    expect(send.mock.calls.length).toBe(asked)
  })

  it("rejects a refusal as the SDK would: its sentence and the rows' problems", async () => {
    const done = previewImport('b1', file(), { kind: 'customers', onProgress: () => {} })
    await flush()
    const problems = [{ row: 4, field: 'email', code: 'row_invalid_email' }]
    FakeXHR.last!.answer(422, {
      status: 422,
      message: 'Some rows have problems, so nothing was imported.',
      data: {
        problems,
        '@refusal': {
          code: 'folio_import_rows_invalid',
          message: 'Some rows have problems, so nothing was imported.',
        },
      },
    })
    const error = await done.catch((e: unknown) => e)
    expect(refusedProblems(error)).toEqual(problems)
    expect(mutationErrorMessage(error)).toBe('Some rows have problems, so nothing was imported.')
  })

  it('shows "4,200 of 20,000 rows" on a progress bar', () => {
    render(
      <ImportProgress progress={{ phase: 'rows', done: 4200, total: 20000 }} rows="importing" />,
    )
    const bar = screen.getByRole('progressbar', { name: 'Importing: 4,200 of 20,000 rows' })
    expect(bar).toHaveAttribute('value', '4200')
    expect(bar).toHaveAttribute('max', '20000')
  })

  it("shows the upload's share, then a busy bar while the server has said nothing yet", () => {
    const { rerender } = render(
      <ImportProgress progress={{ phase: 'upload', loaded: 250, total: 1000 }} rows="checking" />,
    )
    expect(screen.getByRole('progressbar', { name: 'Sending the file: 25 %' })).toHaveAttribute(
      'value',
      '250',
    )
    rerender(
      <ImportProgress progress={{ phase: 'upload', loaded: 1000, total: 1000 }} rows="checking" />,
    )
    expect(screen.getByRole('progressbar', { name: 'Reading the file…' })).not.toHaveAttribute(
      'value',
    )
  })
})

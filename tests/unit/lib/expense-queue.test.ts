// An expense recorded offline waits in the write queue with its photo: the photo is kept in
// IndexedDB with the write (it survives the page being closed), and the expense is created once,
// with the photo, under the id chosen on the device, when the network is back.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dehydrate, onlineManager } from '@tanstack/react-query'
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import PocketBase from 'pocketbase'
import { createStore, set } from 'idb-keyval'
import { activateClient, currentKey, isPending, registerWrites, runWrite } from '@/lib/writes'
import { CACHE_BUSTER, PERSIST_MAX_AGE_MS, cacheKey, userPersister } from '@/lib/query-persist'
import { billingWrites, writes, type CreateVars } from '@/billing/writes'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { newQueueClient } from '../queue-client'

const pb = new PocketBase('http://folio.test')
pb.autoCancellation(false)
vi.mock('@/lib/pocketbase/instance', () => ({ loadPb: async () => pb }))

registerWrites(billingWrites)

interface Sent {
  method: string
  url: string
  body: unknown
}
const requests: Sent[] = []
/** What the server holds: the expenses it created, by id. */
const stored = new Map<string, Record<string, unknown>>()
/** The next answers to a create, in order: 'ok', or 'lost' (stored, but the answer never came). */
let createAnswers: ('ok' | 'lost')[] = []

/** A multipart body's fields as PocketBase reads them: plain ones, and the objects in @jsonPayload. */
function fieldsOf(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [k, v] of form.entries())
    if (k === '@jsonPayload') Object.assign(fields, JSON.parse(String(v)))
    else fields[k] = v
  return fields
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input)
  const method = init?.method ?? 'GET'
  requests.push({ method, url, body: init?.body })
  const one = /\/api\/collections\/expenses\/records\/([a-z0-9]+)/.exec(url)
  if (method === 'GET' && one) {
    const rec = stored.get(one[1] ?? '')
    return rec ? json(200, rec) : json(404, { message: 'Not found.' })
  }
  if (method === 'POST' && url.includes('/api/collections/expenses/records')) {
    const fields = fieldsOf(init?.body as FormData)
    const id = String(fields.id)
    // The id was taken already: PocketBase refuses the create.
    if (stored.has(id)) return json(400, { message: 'Failed to create record.', data: { id: {} } })
    stored.set(id, { ...fields, receipt: 'receipt_x1.jpg' })
    if ((createAnswers.shift() ?? 'ok') === 'lost') throw new TypeError('Failed to fetch')
    return json(200, stored.get(id))
  }
  return json(404, { message: 'Not found.' })
}

const newClient = () => newQueueClient('biz000000000001')

const photoBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 0xff, 0xd9])
const expense = (id: string): CreateVars => ({
  collection: 'expenses',
  id,
  label: 'New expense from Bakery Lang',
  body: {
    vendor_name: 'Bakery Lang',
    date: '2026-11-27 00:00:00.000Z',
    currency: 'EUR',
    vat_lines: [{ rate: 7, gross_cents: 1070 }],
    payment_state: 'paid',
    receipt: new File([photoBytes], 'receipt.jpg', { type: 'image/jpeg' }),
  },
})

/** The creates the server was sent, and the photo each carried. */
const creates = () => requests.filter((r) => r.method === 'POST')
const bytesOf = async (b: unknown) => new Uint8Array(await (b as Blob).arrayBuffer())

let qc = newClient()
let deactivate = activateClient(qc)
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(fakeServer))
  qc = newClient()
  deactivate = activateClient(qc)
})
afterEach(() => {
  deactivate()
  qc.unmount()
  onlineManager.setOnline(true)
  requests.length = 0
  stored.clear()
  createAnswers = []
  vi.unstubAllGlobals()
})

describe('an expense with its photo in the write queue', () => {
  it('offline, it waits without sending anything, then is created once with the photo', async () => {
    onlineManager.setOnline(false)
    await expect(runWrite(writes.recordCreate, expense('exp000000000001'))).resolves.toEqual({
      queued: true,
    })
    expect(requests).toEqual([])
    onlineManager.setOnline(true)
    await expect.poll(() => qc.getMutationCache().getAll().filter(isPending).length).toBe(0)
    await expect.poll(() => stored.size).toBe(1)
    expect(creates()).toHaveLength(1)
    const form = creates()[0]?.body as FormData
    const photo = form.get('receipt')
    expect(photo).toBeInstanceOf(Blob)
    expect(await bytesOf(photo)).toEqual(photoBytes)
    expect(fieldsOf(form)).toMatchObject({
      id: 'exp000000000001',
      business: 'biz000000000001',
      vendor_name: 'Bakery Lang',
      vat_lines: [{ rate: 7, gross_cents: 1070 }],
    })
  })

  it('the photo is kept in IndexedDB with the write: closing the page loses neither', async () => {
    onlineManager.setOnline(false)
    await runWrite(writes.recordCreate, expense('exp000000000002'))
    // What the persister saves (a structured clone in IndexedDB), then a new page restores it.
    const db = createStore('folio', 'query-cache')
    const saved: PersistedClient = {
      buster: CACHE_BUSTER,
      timestamp: Date.now(),
      clientState: dehydrate(qc, { shouldDehydrateMutation: isPending }),
    }
    await set(cacheKey('u1', 'biz000000000001'), saved, db)
    qc.getMutationCache().clear()
    qc.clear()
    const next = newClient()
    await persistQueryClientRestore({
      queryClient: next,
      persister: userPersister('u1', 'biz000000000001', currentKey),
      buster: CACHE_BUSTER,
      maxAge: PERSIST_MAX_AGE_MS,
    })
    const [waiting] = next.getMutationCache().getAll().filter(isPending)
    const restored = (waiting?.state.variables as CreateVars | undefined)?.body.receipt
    expect(restored).toBeInstanceOf(Blob)
    expect(await bytesOf(restored)).toEqual(photoBytes)
    expect(requests).toEqual([])

    onlineManager.setOnline(true)
    await next.resumePausedMutations()
    expect(creates()).toHaveLength(1)
    expect(await bytesOf((creates()[0]?.body as FormData).get('receipt'))).toEqual(photoBytes)
    expect([...stored.keys()]).toEqual(['exp000000000002'])
    next.unmount()
  })

  it('an answer lost on the way is not a second expense: the replay finds the one made', async () => {
    createAnswers = ['lost']
    onlineManager.setOnline(false)
    await runWrite(writes.recordCreate, expense('exp000000000003'))
    onlineManager.setOnline(true)
    await expect.poll(() => qc.getMutationCache().getAll().filter(isPending).length).toBe(0)
    await expect.poll(() => qc.getMutationCache().getAll()[0]?.state.status).toBe('success')
    // Sent twice (the first answer never came), stored once, under the device's id.
    expect(creates()).toHaveLength(2)
    expect([...stored.keys()]).toEqual(['exp000000000003'])
    expect(qc.getMutationCache().getAll()[0]?.state.data).toMatchObject({ id: 'exp000000000003' })
  })
})

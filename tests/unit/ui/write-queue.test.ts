import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { QueryClient, dehydrate, hydrate, onlineManager } from '@tanstack/react-query'
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import { createStore, get, set } from 'idb-keyval'
import {
  activateClient,
  currentKey,
  defineWrite,
  describeWrite,
  isPending,
  isRefused,
  refusalMessage,
  registerWrites,
  runWrite,
  writeOf,
} from '@/lib/writes'
import {
  CACHE_BUSTER,
  PERSIST_MAX_AGE_MS,
  cacheKey,
  migratePersisted,
  userPersister,
} from '@/lib/query-persist'
import { profileWrite } from '@/lib/pocketbase/profile-write'
import { newQueueClient } from '../queue-client'
import type { PersistedClient } from '@tanstack/react-query-persist-client'

/** An error shaped like the SDK's ClientResponseError. */
const refused = (status: number, message: string) =>
  Object.assign(new Error(message), { status, response: { message }, isAbort: false })
const unreachable = () =>
  Object.assign(new Error('Failed to fetch'), { status: 0, response: {}, isAbort: false })

interface Note {
  n: number
  label: string
}
const sent: Note[] = []
let answer: (vars: Note) => Promise<Note> = async (vars) => vars

const noteWrite = defineWrite({
  key: ['test', 'note'],
  formerKeys: [['test', 'memo']],
  run: (vars: Note) => {
    sent.push(vars)
    return answer(vars)
  },
  describe: (vars) => vars.label,
})
registerWrites([noteWrite, profileWrite])

const newClient = () => newQueueClient()

let qc = newClient()
let deactivate = activateClient(qc)
beforeEach(() => {
  qc = newClient()
  deactivate = activateClient(qc)
})
afterEach(() => {
  deactivate()
  qc.unmount()
  onlineManager.setOnline(true)
  sent.length = 0
  answer = async (vars) => vars
})

const note = (n: number): Note => ({ n, label: `Note ${n}` })

describe('the write queue', () => {
  it('online, a write resolves with the server answer', async () => {
    await expect(runWrite(noteWrite, note(1))).resolves.toEqual({ queued: false, data: note(1) })
    expect(sent).toEqual([note(1)])
  })

  it('offline, writes are queued, then sent once each, in order, when back online', async () => {
    onlineManager.setOnline(false)
    await expect(runWrite(noteWrite, note(1))).resolves.toEqual({ queued: true })
    await expect(runWrite(noteWrite, note(2))).resolves.toEqual({ queued: true })
    expect(sent).toEqual([])
    expect(qc.getMutationCache().getAll().filter(isPending)).toHaveLength(2)
    onlineManager.setOnline(true)
    await expect.poll(() => sent.length).toBe(2)
    expect(sent).toEqual([note(1), note(2)])
    await expect.poll(() => qc.getMutationCache().getAll().filter(isPending).length).toBe(0)
    expect(
      qc
        .getMutationCache()
        .getAll()
        .every((m) => m.meta?.queued === true),
    ).toBe(true)
  })

  it('a queued write the server refuses is kept, with its input and the reason', async () => {
    answer = async () => {
      throw refused(400, 'Company is too long.')
    }
    onlineManager.setOnline(false)
    await expect(runWrite(noteWrite, note(7))).resolves.toEqual({ queued: true })
    onlineManager.setOnline(true)
    await expect.poll(() => qc.getMutationCache().getAll().filter(isRefused).length).toBe(1)
    const [m] = qc.getMutationCache().getAll().filter(isRefused)
    expect(m && refusalMessage(m)).toBe('Company is too long.')
    expect(m && describeWrite(m)).toBe('Note 7')
    expect(m?.state.variables).toEqual(note(7))
    expect(sent).toEqual([note(7)])
  })

  it('says what a queued profile change was', () => {
    const m = qc.getMutationCache().build(qc, { mutationKey: profileWrite.key })
    Object.assign(m.state, { variables: { userId: 'u1', changes: { name: 'Ada', company: 'X' } } })
    expect(describeWrite(m)).toBe('Profile: name “Ada”, company “X”')
  })

  it('a network failure is not a refusal: the write waits and is retried', async () => {
    let calls = 0
    answer = async (vars) => {
      calls++
      if (calls === 1) throw unreachable()
      return vars
    }
    await expect(runWrite(noteWrite, note(3))).resolves.toEqual({ queued: false, data: note(3) })
    expect(calls).toBe(2)
    expect(qc.getMutationCache().getAll().filter(isRefused)).toHaveLength(0)
  })

  it('refuses to run a write nobody registered, and two writes under one key', async () => {
    const stray = defineWrite({ key: ['test', 'stray'], run: async () => 1, describe: () => '' })
    await expect(runWrite(stray, undefined)).rejects.toThrow(/not registered/)
    const twin = defineWrite({ key: ['test', 'note'], run: async () => 1, describe: () => '' })
    expect(() => registerWrites([twin])).toThrow(/Two writes/)
    // Registering the same definition again is harmless.
    expect(() => registerWrites([noteWrite])).not.toThrow()
  })
})

describe('queued writes survive an update of the app', () => {
  const db = createStore('folio', 'query-cache')
  const key = cacheKey('u1', 'u1')

  /** Two writes made offline, saved as the persister saves them, under an older version. */
  async function saveOfflineWrites(change: (saved: PersistedClient) => PersistedClient) {
    onlineManager.setOnline(false)
    await runWrite(noteWrite, note(1))
    await runWrite(noteWrite, note(2))
    qc.setQueryData(['records', 'invoices', 'one', 'x'], { id: 'x', shape: 'old' })
    const saved: PersistedClient = {
      buster: CACHE_BUSTER,
      timestamp: Date.now(),
      clientState: dehydrate(qc, { shouldDehydrateMutation: isPending }),
    }
    await set(key, change(saved), db)
    // The page is closed: a new page starts with an empty client.
    qc.getMutationCache().clear()
    qc.clear()
    const next = newClient()
    await persistQueryClientRestore({
      queryClient: next,
      persister: userPersister('u1', 'u1', currentKey),
      buster: CACHE_BUSTER,
      maxAge: PERSIST_MAX_AGE_MS,
    })
    return next
  }

  it('a new cache buster drops the saved answers but keeps and sends the queued writes', async () => {
    const next = await saveOfflineWrites((s) => ({ ...s, buster: 'folio-0' }))
    expect(next.getQueryData(['records', 'invoices', 'one', 'x'])).toBeUndefined()
    expect(next.getMutationCache().getAll().filter(isPending)).toHaveLength(2)
    expect((await get<PersistedClient>(key, db))?.clientState.mutations).toHaveLength(2)
    onlineManager.setOnline(true)
    await next.resumePausedMutations()
    expect(sent).toEqual([note(1), note(2)])
  })

  it('a saved copy older than the maximum age keeps its queued writes too', async () => {
    const next = await saveOfflineWrites((s) => ({ ...s, timestamp: 1 }))
    expect(next.getMutationCache().getAll().filter(isPending)).toHaveLength(2)
    onlineManager.setOnline(true)
    await next.resumePausedMutations()
    expect(sent).toEqual([note(1), note(2)])
  })

  it('a write saved under a key that was renamed runs as the renamed write', async () => {
    const next = await saveOfflineWrites((s) => ({
      ...s,
      clientState: {
        ...s.clientState,
        mutations: s.clientState.mutations.map((m) => ({ ...m, mutationKey: ['test', 'memo'] })),
      },
    }))
    const [first] = next.getMutationCache().getAll()
    expect(first && writeOf(first)).toBe(noteWrite)
    onlineManager.setOnline(true)
    await next.resumePausedMutations()
    expect(sent).toEqual([note(1), note(2)])
  })

  it('a write no version knows any more is listed with what it was, never dropped silently', async () => {
    const next = await saveOfflineWrites((s) => ({
      ...s,
      buster: 'folio-0',
      clientState: {
        ...s.clientState,
        mutations: s.clientState.mutations.map((m) => ({ ...m, mutationKey: ['gone', 'write'] })),
      },
    }))
    onlineManager.setOnline(true)
    await next.resumePausedMutations().catch(() => {})
    await expect.poll(() => next.getMutationCache().getAll().filter(isRefused).length).toBe(2)
    const [m] = next.getMutationCache().getAll().filter(isRefused)
    expect(m && describeWrite(m)).toBe('Note 1')
    expect(m && refusalMessage(m)).toBe(
      'This change was saved by an earlier version of Folio and can no longer be sent. Discard it and make it again.',
    )
    expect(sent).toEqual([])
  })
})

describe('migratePersisted', () => {
  const options = { buster: 'b2', maxAge: 1000, now: 10_000, currentKey }
  const client = (buster: string, timestamp: number, mutations: unknown[]) =>
    ({
      buster,
      timestamp,
      clientState: { queries: [{ queryKey: ['q'] }], mutations },
    }) as unknown as PersistedClient

  it('current: restored as saved, each answer marked for a refresh', () => {
    const saved = client('b2', 9500, [])
    expect(migratePersisted(saved, options)).toEqual({
      ...saved,
      clientState: {
        queries: [{ queryKey: ['q'], state: { isInvalidated: true } }],
        mutations: [],
      },
    })
  })

  it('a restored answer is stale, so a screen showing it fetches it again', async () => {
    const saved = {
      buster: 'b2',
      timestamp: 9500,
      clientState: {
        mutations: [],
        queries: [
          {
            queryKey: ['balances'],
            queryHash: '["balances"]',
            state: {
              data: 119,
              dataUpdatedAt: Date.now(),
              dataUpdateCount: 1,
              error: null,
              errorUpdatedAt: 0,
              errorUpdateCount: 0,
              fetchFailureCount: 0,
              fetchFailureReason: null,
              fetchMeta: null,
              isInvalidated: false,
              status: 'success',
              fetchStatus: 'idle',
            },
          },
        ],
      },
    } as unknown as PersistedClient
    const restored = migratePersisted(saved, options)
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    hydrate(qc, restored?.clientState ?? {})
    const query = qc.getQueryCache().find({ queryKey: ['balances'] })
    expect(query?.state.data).toBe(119)
    expect(query?.isStale()).toBe(true)
  })

  it.each([
    ['busted', client('b1', 9500, [])],
    ['expired', client('b2', 1, [])],
  ])('%s without writes: handed back as it is, for the restore to drop', (_, saved) => {
    expect(migratePersisted(saved, options)).toBe(saved)
  })

  it('busted with writes: answers dropped, writes kept, made current', () => {
    const m = { mutationKey: ['test', 'memo'], state: { isPaused: true } }
    const out = migratePersisted(client('b1', 9500, [m]), options)
    expect(out).toMatchObject({ buster: 'b2', timestamp: 10_000 })
    expect(out?.clientState.queries).toEqual([])
    expect(out?.clientState.mutations).toEqual([{ ...m, mutationKey: ['test', 'note'] }])
  })
})

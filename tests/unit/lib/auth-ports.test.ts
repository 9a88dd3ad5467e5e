// The start-up with a session kept on the device: it is read without the SDK, and the refresh
// (which loads the SDK) waits for the first screen's paint.
import { describe, expect, it, vi } from 'vitest'
import type PocketBase from 'pocketbase'
import type { RecordModel } from 'pocketbase'
import { pocketBaseAuthPorts } from '@/lib/pocketbase/auth-ports'
import { readStoredAuth, storedUserId } from '@/lib/pocketbase/instance'

/** A JWT whose payload says it expires at `exp` (seconds); the signature is not read. */
const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`
const record = {
  id: 'u1',
  email: 'a@b.test',
  name: 'Ada',
  collectionId: 'c',
  collectionName: 'users',
}
const inAnHour = Math.floor(Date.now() / 1000) + 3600

function memoryStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries))
  return {
    get length() {
      return map.size
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  }
}

/** A fake SDK whose refresh answers with the stored session. */
function fakePb(token: string) {
  const authRefresh = vi.fn(async () => ({}))
  const pb = {
    authStore: { token, record: record as unknown as RecordModel, clear: vi.fn() },
    collection: () => ({ authRefresh }),
  }
  return { pb: pb as unknown as PocketBase, authRefresh }
}

function ports(stored: { token: string; record: RecordModel } | null, paint?: Promise<void>) {
  const { pb, authRefresh } = fakePb(stored?.token ?? '')
  const load = vi.fn(async () => pb)
  const p = pocketBaseAuthPorts({
    load,
    readStoredAuth: () => stored,
    afterFirstPaint: paint ? () => paint : undefined,
    onLoaded: () => () => {},
    queueProfileUpdate: vi.fn(),
    storage: memoryStorage({}),
  })
  return { p, load, authRefresh }
}

describe('the session kept on the device', () => {
  it('is read from the SDK’s entry without the SDK', async () => {
    const { p, load } = ports({ token: jwt(inAnHour), record: record as unknown as RecordModel })
    const session = await p.readStoredSession()
    expect(session?.user).toMatchObject({ id: 'u1', name: 'Ada', email: 'a@b.test' })
    expect(session?.expiresAt).toBe(inAnHour * 1000)
    expect(load).not.toHaveBeenCalled()
  })

  it('is none without an entry, and an expired one is cleared', async () => {
    const none = ports(null)
    expect(await none.p.readStoredSession()).toBeNull()
    expect(none.load).not.toHaveBeenCalled()
    const old = ports({ token: jwt(1000), record: record as unknown as RecordModel })
    expect(await old.p.readStoredSession()).toBeNull()
  })

  it('is refreshed only once the first screen has been painted', async () => {
    let painted: () => void = () => {}
    const paint = new Promise<void>((r) => (painted = r))
    const { p, load, authRefresh } = ports(
      { token: jwt(inAnHour), record: record as unknown as RecordModel },
      paint,
    )
    const refreshed = p.refresh()
    await new Promise((r) => setTimeout(r, 0))
    expect(load).not.toHaveBeenCalled()
    painted()
    expect((await refreshed).user.id).toBe('u1')
    expect(authRefresh).toHaveBeenCalledOnce()
  })

  it('readStoredAuth takes a token and a record with an id, and nothing else', () => {
    const entry = (v: unknown) => memoryStorage({ pocketbase_auth: JSON.stringify(v) })
    const token = jwt(inAnHour)
    expect(readStoredAuth(entry({ token, record }))).toEqual({ token, record })
    expect(storedUserId(entry({ token, record }))).toBe('u1')
    expect(readStoredAuth(entry({ token: '', record }))).toBeNull()
    expect(readStoredAuth(entry({ token, record: { name: 'x' } }))).toBeNull()
    expect(readStoredAuth(entry({ token, model: record }))).toBeNull()
    expect(readStoredAuth(memoryStorage({ pocketbase_auth: '{not json' }))).toBeNull()
    expect(readStoredAuth(memoryStorage({}))).toBeNull()
  })
})

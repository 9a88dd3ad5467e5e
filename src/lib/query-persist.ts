import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval'
import type { Persister, PersistedClient } from '@tanstack/react-query-persist-client'

/** Bump when the shape of cached data changes: older caches are then dropped, not misread. */
export const CACHE_BUSTER = 'folio-1'
/** Saved data older than this is not restored (and gcTime is at least as long). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

const DB = 'folio'
const SAVE_DELAY_MS = 300
let store: UseStore | null = null
const db = () => (store ??= createStore(DB, 'query-cache'))

export const cacheKey = (userId: string) => `user:${userId}`

let early: { key: string; read: Promise<PersistedClient | undefined> } | null = null
/**
 * Starts reading a user's saved data while the app is still loading its screens; the restore
 * then takes this read instead of starting its own (it is on the cold start's critical path).
 */
export function readPersistedEarly(userId: string) {
  const key = cacheKey(userId)
  early = { key, read: get<PersistedClient>(key, db()).catch(() => undefined) }
}

/**
 * The query cache and the paused mutations of one user, in IndexedDB. Values are stored as
 * structured clones, so a queued avatar upload (a Blob) survives a restart too.
 */
/** Users whose saved data is being wiped (signed out): nothing more is written for them. */
const closed = new Set<string>()

/** Allows saving again for a user who signs in. */
export function openPersistence(userId: string) {
  closed.delete(userId)
}

export function userPersister(userId: string): Persister {
  const key = cacheKey(userId)
  // Saves are batched: a burst of cache events (a write pausing, then being marked as queued)
  // becomes one write of the latest state.
  let latest: PersistedClient | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let savedWrites = ''
  const flush = async () => {
    timer = null
    const client = latest
    latest = null
    if (client && !closed.has(userId)) await set(key, client, db())
  }
  // A page closed or reloaded within the batching delay must not lose a queued write.
  if (typeof window !== 'undefined')
    window.addEventListener('pagehide', () => {
      if (latest) void flush()
    })
  return {
    persistClient(client: PersistedClient) {
      if (closed.has(userId)) return
      latest = client
      // A new or finished write is saved at once (and again after the batch, with any marks
      // made on it meanwhile); other cache changes wait for the batch.
      const writes = client.clientState.mutations
        .map((m) => `${m.state.submittedAt}:${m.state.status}:${m.state.isPaused}`)
        .join('|')
      if (writes !== savedWrites) {
        savedWrites = writes
        void set(key, client, db())
      }
      timer ??= setTimeout(() => void flush(), SAVE_DELAY_MS)
    },
    restoreClient: () => {
      if (early?.key === key) {
        const { read } = early
        early = null
        return read
      }
      return get<PersistedClient>(key, db())
    },
    removeClient: async () => {
      if (timer) clearTimeout(timer)
      timer = null
      latest = null
      await del(key, db())
    },
  }
}

/** Deletes the saved data of a user (or of everyone on this device), and stops saving theirs. */
export async function wipePersisted(userId?: string) {
  if (userId) closed.add(userId)
  const all = (await keys(db())) as string[]
  await Promise.all(all.filter((k) => !userId || k === cacheKey(userId)).map((k) => del(k, db())))
}

/** Drops every Cache Storage entry except the service worker's precache (the app itself). */
export async function wipeRuntimeCaches() {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((n) => !n.includes('precache')).map((n) => caches.delete(n)))
}

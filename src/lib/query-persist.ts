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

/** One business's saved data as one user sees it: each business's copy is kept apart. */
export const cacheKey = (userId: string, businessId: string) =>
  `user:${userId}:business:${businessId}`
/**
 * Where a user's data was saved before teams: it belonged to the user's own business, which
 * the upgrade gave the user's id. It is read once into that business's copy, then deleted.
 */
export const legacyCacheKey = (userId: string) => `user:${userId}`

/** Reads a business's saved copy, or (for the user's own business) the copy from before teams. */
async function readSaved(userId: string, businessId: string): Promise<PersistedClient | undefined> {
  const saved = await get<PersistedClient>(cacheKey(userId, businessId), db())
  if (saved || businessId !== userId) return saved
  const legacy = await get<PersistedClient>(legacyCacheKey(userId), db())
  if (legacy) {
    await set(cacheKey(userId, businessId), legacy, db())
    await del(legacyCacheKey(userId), db())
  }
  return legacy
}

let early: { key: string; read: Promise<PersistedClient | undefined> } | null = null
/**
 * Starts reading a user's saved data while the app is still loading its screens; the restore
 * then takes this read instead of starting its own (it is on the cold start's critical path).
 */
export function readPersistedEarly(userId: string, businessId: string) {
  const key = cacheKey(userId, businessId)
  early = { key, read: readSaved(userId, businessId).catch(() => undefined) }
}

/** Deletes every business's saved copy of a user (signing out), and the one from before teams. */
export async function wipeUserCopies(userId: string) {
  const all = await keys(db())
  const mine = all.filter(
    (k) => k === legacyCacheKey(userId) || String(k).startsWith(`${legacyCacheKey(userId)}:`),
  )
  await Promise.all(mine.map((k) => del(k, db())))
}

/** What a business's saved copy holds, without restoring it (its queued writes, to list them). */
export const readSavedCopy = (userId: string, businessId: string) =>
  get<PersistedClient>(cacheKey(userId, businessId), db())

/** Deletes one business's saved copy (the person was removed from it). */
export const wipeSavedCopy = (userId: string, businessId: string) =>
  del(cacheKey(userId, businessId), db())

/**
 * What a saved copy restores as. The persist client drops a copy whose buster changed or that
 * is older than maxAge — with the writes queued in it, which were never sent. So the writes are
 * kept: the cached answers go (they may no longer be read right) and the copy is made current.
 * A write filed under a key that was renamed is filed under its new key. Restored answers are
 * marked for a refresh.
 */
export function migratePersisted(
  saved: PersistedClient | undefined,
  options: {
    buster: string
    maxAge: number
    now: number
    currentKey: (key: readonly unknown[] | undefined) => readonly unknown[] | null
  },
): PersistedClient | undefined {
  if (!saved) return saved
  const stale = saved.buster !== options.buster || options.now - saved.timestamp > options.maxAge
  const mutations = saved.clientState.mutations.map((m) => {
    const key = options.currentKey(m.mutationKey)
    return key ? { ...m, mutationKey: [...key] } : m
  })
  if (stale && !mutations.length) return saved
  // A saved answer shows at once, but it is from an earlier life of the page: what was changed
  // meanwhile (another tab, another device, or a write whose refresh the page closed before
  // saving) must be fetched again. So every restored answer comes back marked for a refresh,
  // which a screen showing it makes in the background (or when the network returns).
  const queries = stale
    ? []
    : saved.clientState.queries.map((q) => ({ ...q, state: { ...q.state, isInvalidated: true } }))
  return {
    ...saved,
    ...(stale ? { buster: options.buster, timestamp: options.now } : {}),
    clientState: { queries, mutations },
  }
}

export interface UserPersister extends Persister {
  /** Saves a write queued in the last moments when the page is closed; returns the undo. */
  start(): () => void
  /** Deletes this user's saved data and saves nothing more (signing out). */
  wipe(): Promise<void>
}

/**
 * The query cache and the paused mutations of one user in one business, in IndexedDB. Values are
 * stored as structured clones, so a queued avatar upload (a Blob) survives a restart too.
 */
export function userPersister(
  userId: string,
  businessId: string,
  /** The key a saved write is filed under now (the write registry's `currentKey`). */
  currentKey: (key: readonly unknown[] | undefined) => readonly unknown[] | null,
): UserPersister {
  const key = cacheKey(userId, businessId)
  let closed = false
  // Saves are batched: a burst of cache events (a write pausing, then being marked as queued)
  // becomes one write of the latest state.
  let latest: PersistedClient | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let savedWrites = ''
  const flush = async () => {
    timer = null
    const client = latest
    latest = null
    if (client && !closed) await set(key, client, db())
  }
  const read = (): Promise<PersistedClient | undefined> => {
    if (early?.key === key) {
      const { read } = early
      early = null
      return read
    }
    return readSaved(userId, businessId)
  }
  return {
    persistClient(client: PersistedClient) {
      if (closed) return
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
    restoreClient: async () =>
      migratePersisted(await read(), {
        buster: CACHE_BUSTER,
        maxAge: PERSIST_MAX_AGE_MS,
        now: Date.now(),
        currentKey,
      }),
    removeClient: async () => {
      if (timer) clearTimeout(timer)
      timer = null
      latest = null
      await del(key, db())
    },
    start() {
      // A page closed or reloaded within the batching delay must not lose a queued write.
      const onHide = () => {
        if (latest) void flush()
      }
      window.addEventListener('pagehide', onHide)
      return () => window.removeEventListener('pagehide', onHide)
    },
    async wipe() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = latest = null
      await del(key, db())
    },
  }
}

/** Drops every Cache Storage entry except the service worker's precache (the app itself). */
export async function wipeRuntimeCaches() {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((n) => !n.includes('precache')).map((n) => caches.delete(n)))
}

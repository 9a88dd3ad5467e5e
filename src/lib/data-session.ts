import { defaultShouldDehydrateQuery, onlineManager, type QueryClient } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { createQueryClient, type QueryErrorEffects } from './query-client'
import {
  CACHE_BUSTER,
  PERSIST_MAX_AGE_MS,
  readSavedCopy,
  userPersister,
  wipeRuntimeCaches,
  wipeSavedCopy,
  wipeUserCopies,
} from './query-persist'
import { isNetworkError } from './errors'
import { registerSignOutCleanup } from './sign-out-cleanup'
import { wipeDrafts } from './drafts'
import { endBusinessContext } from './business'
import {
  activateClient,
  applyWrites,
  currentKey,
  describeWrite,
  isPending,
  isRefused,
} from './writes'
import { FILE_TOKEN_KEY } from './pocketbase/file-token'

type PersistOptions = Omit<PersistQueryClientOptions, 'queryClient'>

/**
 * The data of one signed-in user in one business on this device: the query client, its saved
 * copy in IndexedDB and the write queue. Each business has its own, so a switch never shows one
 * business's data under another's name, and a write queued in one is sent to that one. Making
 * one does nothing outside it; `start` connects it (the SPEC §8 effects, saving, the sign-out
 * wipe) and returns the undo, for an effect to call.
 */
export interface DataSession {
  readonly userId: string
  readonly businessId: string
  readonly client: QueryClient
  /** Stable for the session: a new object would make the provider restore again. */
  readonly persistOptions: PersistOptions
  start(effects: QueryErrorEffects): () => void
  /** Drops the cached answers and queued writes, in memory and saved, and saves nothing more. */
  forget(): Promise<void>
}

function createDataSession(userId: string, businessId: string): DataSession {
  let effects: QueryErrorEffects | null = null
  const persister = userPersister(userId, businessId, currentKey)
  // TanStack starts "online" whatever the browser says; a page opened offline would then fire
  // and drop the restored writes at once.
  onlineManager.setOnline(navigator.onLine)
  const client = createQueryClient({
    sessionExpired: () => effects?.sessionExpired(),
    serverError: () => effects?.serverError(),
    mutationFailed: (m) => effects?.mutationFailed(m),
  })
  client.setDefaultOptions({
    queries: {
      ...client.getDefaultOptions().queries,
      // Offline first: cached data shows at once and queries do not wait for the network.
      networkMode: 'offlineFirst',
      gcTime: PERSIST_MAX_AGE_MS,
    },
    mutations: {
      gcTime: PERSIST_MAX_AGE_MS,
      // One queue: writes run one after the other, in the order they were made.
      scope: { id: 'folio-writes' },
      // A network failure is retried (and pauses while offline); an answer from the server is final.
      retry: (count, error) => count < 3 && isNetworkError(error),
    },
  })
  const session: DataSession = {
    userId,
    businessId,
    client,
    persistOptions: {
      persister,
      maxAge: PERSIST_MAX_AGE_MS,
      buster: CACHE_BUSTER,
      dehydrateOptions: {
        shouldDehydrateMutation: (m) => isPending(m) || isRefused(m),
        // A file token opens the account's protected files: it is never kept on the device.
        shouldDehydrateQuery: (q) =>
          defaultShouldDehydrateQuery(q) && q.queryKey[0] !== FILE_TOKEN_KEY,
      },
    },
    async forget() {
      const wiping = persister.wipe()
      await client.cancelQueries()
      client.getMutationCache().clear()
      client.clear()
      await wiping
    },
    start(e) {
      effects = e
      const stops = [
        applyWrites(client, businessId),
        activateClient(client),
        persister.start(),
        // Signing out wipes the user's cached answers, queued changes and private caches.
        registerSignOutCleanup(async () => {
          // Stop saving first, so clearing the caches below writes nothing back.
          const wiping = Promise.all([
            persister.wipe(),
            wipeUserCopies(userId),
            wipeRuntimeCaches(),
            wipeDrafts(),
          ])
          await client.cancelQueries()
          client.getMutationCache().clear()
          client.clear()
          await wiping
          endBusinessContext()
          if (current === session) current = null
        }),
      ]
      return () => {
        if (effects === e) effects = null
        for (const stop of stops) stop()
      }
    },
  }
  return session
}

let current: DataSession | null = null

/**
 * The session of this user in this business: the same one across remounts of the signed-in app
 * (its cache and running writes live on), a new one for another user or business, or after a
 * sign-out. The one it replaces stops: its writes wait in its saved copy until the person opens
 * that business again.
 */
export function dataSessionFor(userId: string, businessId: string): DataSession {
  if (current?.userId !== userId || current.businessId !== businessId) {
    const before = current
    current = createDataSession(userId, businessId)
    if (before) void before.client.cancelQueries()
  }
  return current
}

/**
 * Forgets everything this device holds of one business (the person was removed from it): its
 * cached answers and its queued writes, in memory and saved. Returns what the queued writes
 * were, in the person's words, to tell them what could not be sent.
 */
export async function wipeBusiness(userId: string, businessId: string): Promise<string[]> {
  const lost: string[] = []
  if (current?.userId === userId && current.businessId === businessId) {
    const session = current
    current = null
    const mutations = session.client.getMutationCache().getAll()
    lost.push(...mutations.filter((m) => isPending(m) || isRefused(m)).map(describeWrite))
    await session.forget()
  } else {
    const saved = await readSavedCopy(userId, businessId).catch(() => undefined)
    for (const m of saved?.clientState.mutations ?? [])
      lost.push(describeWrite({ options: { mutationKey: m.mutationKey }, state: m.state }))
  }
  await wipeSavedCopy(userId, businessId).catch(() => {})
  return lost
}

/**
 * Drops the queued writes of one business (the person's role there can no longer write): the
 * server would refuse each one. The cached answers stay (the role still reads them). Returns
 * what the writes were, in the person's words.
 */
export async function dropQueuedWrites(userId: string, businessId: string): Promise<string[]> {
  if (current?.userId === userId && current.businessId === businessId) {
    const cache = current.client.getMutationCache()
    const queued = cache.getAll().filter((m) => isPending(m) || isRefused(m))
    for (const m of queued) cache.remove(m)
    return queued.map(describeWrite)
  }
  // Not open: its saved copy goes whole (it is only a cache; the next visit fetches again).
  return wipeBusiness(userId, businessId)
}

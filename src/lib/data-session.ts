import { defaultShouldDehydrateQuery, onlineManager, type QueryClient } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { createQueryClient, type QueryErrorEffects } from './query-client'
import { CACHE_BUSTER, PERSIST_MAX_AGE_MS, userPersister, wipeRuntimeCaches } from './query-persist'
import { isNetworkError } from './errors'
import { registerSignOutCleanup } from './sign-out-cleanup'
import { wipeDrafts } from './drafts'
import { activateClient, applyWrites, currentKey, isPending, isRefused } from './writes'
import { FILE_TOKEN_KEY } from './pocketbase/file-token'

type PersistOptions = Omit<PersistQueryClientOptions, 'queryClient'>

/**
 * The data of one signed-in user on this device: the query client, its saved copy in
 * IndexedDB and the write queue. Making one does nothing outside it; `start` connects it (the
 * SPEC §8 effects, saving, the sign-out wipe) and returns the undo, for an effect to call.
 */
export interface DataSession {
  readonly userId: string
  readonly client: QueryClient
  /** Stable for the session: a new object would make the provider restore again. */
  readonly persistOptions: PersistOptions
  start(effects: QueryErrorEffects): () => void
}

function createDataSession(userId: string): DataSession {
  let effects: QueryErrorEffects | null = null
  const persister = userPersister(userId, currentKey)
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
    start(e) {
      effects = e
      const stops = [
        applyWrites(client),
        activateClient(client),
        persister.start(),
        // Signing out wipes the user's cached answers, queued changes and private caches.
        registerSignOutCleanup(async () => {
          // Stop saving first, so clearing the caches below writes nothing back.
          const wiping = Promise.all([persister.wipe(), wipeRuntimeCaches(), wipeDrafts()])
          await client.cancelQueries()
          client.getMutationCache().clear()
          client.clear()
          await wiping
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
 * The session of this user: the same one across remounts of the signed-in app (its cache and
 * running writes live on), a new one for another user or after a sign-out.
 */
export function dataSessionFor(userId: string): DataSession {
  if (current?.userId !== userId) current = createDataSession(userId)
  return current
}

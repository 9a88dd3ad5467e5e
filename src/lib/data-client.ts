import { onlineManager, type Mutation, type QueryClient } from '@tanstack/react-query'
import { createQueryClient, type QueryErrorEffects } from './query-client'
import { PERSIST_MAX_AGE_MS } from './query-persist'
import { isNetworkError } from './pocketbase/errors'
import { mutationErrorMessage } from './api-errors'
import { registerMutationDefaults } from './mutations'

let client: QueryClient | null = null
let effects: QueryErrorEffects | null = null

/** The app connects the SPEC §8 effects (toasts, navigation, the auth chart) once. */
export function configureDataEffects(e: QueryErrorEffects) {
  effects = e
}

/**
 * The one QueryClient of the page. Offline first: cached data shows at once and queries do not
 * wait for the network; mutations made offline pause, are persisted, and resume in order.
 */
export function dataClient(): QueryClient {
  if (client) return client
  // TanStack starts "online" whatever the browser says; a page opened offline would then fire
  // and drop the restored mutations at once.
  onlineManager.setOnline(navigator.onLine)
  const qc = createQueryClient({
    sessionExpired: () => effects?.sessionExpired(),
    serverError: () => effects?.serverError(),
    mutationFailed: (m) => effects?.mutationFailed(m),
  })
  qc.setDefaultOptions({
    queries: {
      ...qc.getDefaultOptions().queries,
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
  registerMutationDefaults(qc)
  client = qc
  return qc
}

/** Queued changes that wait for the network. */
export const isPending = (m: Mutation) => m.state.isPaused

/** Queued changes the server refused once replayed; kept so the user's input is not lost. */
export const isRefused = (m: Mutation) =>
  m.state.status === 'error' && m.meta?.queued === true && !isNetworkError(m.state.error)

export function refusalMessage(m: Mutation): string {
  return mutationErrorMessage(m.state.error)
}

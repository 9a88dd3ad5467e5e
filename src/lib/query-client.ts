import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { QUERY_STALE_TIME_MS } from '@/config/constants'
import { mutationErrorMessage, queryFailureAction, shouldRetryQuery } from './errors'

export interface QueryErrorEffects {
  /** A 401 on a query: the auth chart's `session.expired`. */
  sessionExpired(): void
  /** A 500 on a query: 'Internal Server Error!' and /500. */
  serverError(): void
  /** Failed mutations: the generic message. */
  mutationFailed(message: string): void
}

/** TanStack Query with the SPEC §9 policy and the SPEC §8 error handling. */
export function createQueryClient(effects: QueryErrorEffects): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        // Optional lookups (e.g. the OAuth2 providers) say so with meta.silent.
        if (query.meta?.silent) return
        const action = queryFailureAction(error)
        if (action.kind === 'sessionExpired') effects.sessionExpired()
        else if (action.kind === 'serverError') effects.serverError()
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _vars, _ctx, mutation) {
        // A mutation that handles its own errors says so with meta.silent.
        if (mutation.meta?.silent) return
        effects.mutationFailed(mutationErrorMessage(error))
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        refetchOnWindowFocus: true,
        staleTime: QUERY_STALE_TIME_MS,
      },
    },
  })
}

import { ClientResponseError } from 'pocketbase'
import { MAX_QUERY_RETRIES, NO_RETRY_STATUSES } from '@/config/constants'

/** SPEC §8 generic handler for failed mutations. */
export function mutationErrorMessage(error: unknown): string {
  const status = error instanceof ClientResponseError ? error.status : 0
  if (status === 304) return 'Content not modified!'
  if (status === 204) return 'Content not found.'
  if (error instanceof ClientResponseError) {
    const body = error.response as { title?: unknown; message?: unknown } | undefined
    if (typeof body?.title === 'string' && body.title.trim()) return body.title
    if (status > 0 && typeof body?.message === 'string' && body.message.trim()) return body.message
  }
  return 'Something went wrong!'
}

/** SPEC §9: never retry 401 or 403; anything else up to three more times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = error instanceof ClientResponseError ? error.status : 0
  if (NO_RETRY_STATUSES.includes(status)) return false
  return failureCount < MAX_QUERY_RETRIES
}

export type QueryFailureAction =
  { kind: 'sessionExpired' } | { kind: 'serverError' } | { kind: 'none' }

/** SPEC §8 query failures: 401 ends the session, 500 goes to the error page. */
export function queryFailureAction(error: unknown): QueryFailureAction {
  const status = error instanceof ClientResponseError ? error.status : 0
  if (status === 401) return { kind: 'sessionExpired' }
  if (status === 500) return { kind: 'serverError' }
  return { kind: 'none' }
}

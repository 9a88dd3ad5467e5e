import { MAX_QUERY_RETRIES, NO_RETRY_STATUSES } from '@/config/constants'

/** The shape of the SDK's ClientResponseError, read without importing the SDK. */
interface ResponseErrorLike {
  status: number
  response?: { title?: unknown; message?: unknown }
}

function asResponseError(error: unknown): ResponseErrorLike | null {
  const e = error as Partial<ResponseErrorLike> | null
  return e && typeof e === 'object' && typeof e.status === 'number'
    ? (e as ResponseErrorLike)
    : null
}

export const statusOf = (error: unknown): number => asResponseError(error)?.status ?? 0

/** SPEC §8 generic handler for failed mutations. */
export function mutationErrorMessage(error: unknown): string {
  const e = asResponseError(error)
  const status = e?.status ?? 0
  if (status === 304) return 'Content not modified!'
  if (status === 204) return 'Content not found.'
  if (e) {
    const body = e.response
    if (typeof body?.title === 'string' && body.title.trim()) return body.title
    if (status > 0 && typeof body?.message === 'string' && body.message.trim()) return body.message
  }
  return 'Something went wrong!'
}

/** SPEC §9: never retry 401 or 403; anything else up to three more times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error)
  if (NO_RETRY_STATUSES.includes(status)) return false
  return failureCount < MAX_QUERY_RETRIES
}

export type QueryFailureAction =
  { kind: 'sessionExpired' } | { kind: 'serverError' } | { kind: 'none' }

/** SPEC §8 query failures: 401 ends the session, 500 goes to the error page. */
export function queryFailureAction(error: unknown): QueryFailureAction {
  const status = statusOf(error)
  if (status === 401) return { kind: 'sessionExpired' }
  if (status === 500) return { kind: 'serverError' }
  return { kind: 'none' }
}

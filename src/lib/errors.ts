import type { AuthFailure } from '@machines/auth/types'
import { MAX_QUERY_RETRIES, NO_RETRY_STATUSES } from '@/config/constants'

/**
 * The one reader of errors from PocketBase. The SDK throws a ClientResponseError; it is read
 * here by its shape, so this file does not load the SDK (the sign-in screens stay small).
 */
interface ResponseError {
  status: number
  isAbort: boolean
  message: string
  /** The answer's JSON body: {message, data: {field: {message}}, title?, mfaId?}. */
  body: Record<string, unknown>
  /** Whether it came from the SDK (it always carries a response) rather than from this app. */
  fromSdk: boolean
}

function readError(error: unknown): ResponseError | null {
  const e = error as {
    status?: unknown
    isAbort?: unknown
    message?: unknown
    response?: unknown
  } | null
  if (!e || typeof e !== 'object' || typeof e.status !== 'number') return null
  const body = e.response && typeof e.response === 'object' ? e.response : {}
  return {
    status: e.status,
    isAbort: e.isAbort === true,
    message: typeof e.message === 'string' ? e.message : '',
    body: body as Record<string, unknown>,
    fromSdk: 'response' in e,
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null)

export const statusOf = (error: unknown): number => readError(error)?.status ?? 0

/** Server unreachable (or the browser knows it is offline): not an answer from the server. */
export function isNetworkError(error: unknown): boolean {
  const e = readError(error)
  if (e?.fromSdk) return e.status === 0 && !e.isAbort
  return error instanceof TypeError
}

/** The message of each field the server refused ({email: 'Taken'}). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = readError(error)?.body.data
  const fields: Record<string, string> = {}
  if (data && typeof data === 'object')
    for (const [k, v] of Object.entries(data as Record<string, { message?: unknown } | null>)) {
      const message = text(v?.message)
      if (message) fields[k] = message
    }
  return fields
}

/** PocketBase answers a first factor of a 2FA account with 401 {mfaId}. */
export function mfaIdOf(error: unknown): string | null {
  const e = readError(error)
  return e?.status === 401 ? text(e.body.mfaId) : null
}

/** SPEC §8 generic handler for failed mutations. */
export function mutationErrorMessage(error: unknown): string {
  const e = readError(error)
  const status = e?.status ?? 0
  if (status === 304) return 'Content not modified!'
  if (status === 204) return 'Content not found.'
  if (e) {
    const title = text(e.body.title)
    if (title) return title
    const message = text(e.body.message)
    if (status > 0 && message) return message
  }
  return 'Something went wrong!'
}

/** A refused write: the sentence for the whole form and the message of each field. */
export function refusal(error: unknown): { message: string; fields: Record<string, string> } {
  const message = isNetworkError(error)
    ? 'The server could not be reached. Try again when you are back online.'
    : mutationErrorMessage(error)
  return { message, fields: fieldErrorsOf(error) }
}

/** Turns an SDK error into the plain data the auth chart understands. */
export function toFailure(error: unknown): AuthFailure {
  if (isNetworkError(error)) {
    return { kind: 'network', status: 0, message: 'The server could not be reached.' }
  }
  const e = readError(error)
  // Cut short (the page is being left or reloaded): no answer came, so nothing is known about
  // the session. Treated as unreachable, never as "invalid", so it is not cleared.
  if (e?.fromSdk && e.isAbort) {
    return { kind: 'network', status: 0, message: 'The request was interrupted.' }
  }
  if (e?.fromSdk) {
    const message = typeof e.body.message === 'string' ? e.body.message : e.message
    return { kind: 'server', status: e.status, message, fields: fieldErrorsOf(error) }
  }
  return { kind: 'server', status: 0, message: error instanceof Error ? error.message : '' }
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

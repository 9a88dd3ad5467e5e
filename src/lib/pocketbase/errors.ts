import type { AuthFailure } from '@machines/auth/types'

/** Server unreachable (or the browser knows it is offline): not an answer from the server. */
interface SdkError {
  status: number
  isAbort?: boolean
  message: string
  response?: { message?: unknown; data?: unknown }
}

/** The SDK's ClientResponseError, recognised by shape so this file does not load the SDK. */
function sdkError(error: unknown): SdkError | null {
  const e = error as Partial<SdkError> | null
  return e && typeof e === 'object' && typeof e.status === 'number' && 'response' in e
    ? (e as SdkError)
    : null
}

export function isNetworkError(error: unknown): boolean {
  const e = sdkError(error)
  if (e) return e.status === 0 && !e.isAbort
  return error instanceof TypeError
}

/** Turns an SDK error into the plain data the auth chart understands. */
export function toFailure(error: unknown): AuthFailure {
  if (isNetworkError(error)) {
    return { kind: 'network', status: 0, message: 'The server could not be reached.' }
  }
  // Cut short (the page is being left or reloaded): no answer came, so nothing is known about
  // the session. Treated as unreachable, never as "invalid", so it is not cleared.
  if (sdkError(error)?.isAbort) {
    return { kind: 'network', status: 0, message: 'The request was interrupted.' }
  }
  const e = sdkError(error)
  if (e) {
    const data = (e.response?.data ?? {}) as Record<string, { message?: string } | undefined>
    const fields: Record<string, string> = {}
    for (const [k, v] of Object.entries(data)) if (v?.message) fields[k] = v.message
    const message = typeof e.response?.message === 'string' ? e.response.message : e.message
    return { kind: 'server', status: e.status, message, fields }
  }
  return { kind: 'server', status: 0, message: error instanceof Error ? error.message : '' }
}

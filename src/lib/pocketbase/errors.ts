import { ClientResponseError } from 'pocketbase'
import type { AuthFailure } from '@machines/auth/types'

/** Server unreachable (or the browser knows it is offline): not an answer from the server. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ClientResponseError) return error.status === 0 && !error.isAbort
  return error instanceof TypeError
}

export function statusOf(error: unknown): number {
  return error instanceof ClientResponseError ? error.status : 0
}

/** Turns an SDK error into the plain data the auth chart understands. */
export function toFailure(error: unknown): AuthFailure {
  if (isNetworkError(error)) {
    return { kind: 'network', status: 0, message: 'The server could not be reached.' }
  }
  if (error instanceof ClientResponseError) {
    const data = (error.response?.data ?? {}) as Record<string, { message?: string } | undefined>
    const fields: Record<string, string> = {}
    for (const [k, v] of Object.entries(data)) if (v?.message) fields[k] = v.message
    const message =
      typeof error.response?.message === 'string' ? error.response.message : error.message
    return { kind: 'server', status: error.status, message, fields }
  }
  return { kind: 'server', status: 0, message: error instanceof Error ? error.message : '' }
}

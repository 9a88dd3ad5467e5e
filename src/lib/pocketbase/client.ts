import PocketBase from 'pocketbase'
import { AUTH_COOKIE_MAX_AGE_S } from '@/config/constants'

/** The one PocketBase client of the app: same origin, so the service worker and CSP stay simple. */
export function createPocketBase(baseUrl = '/'): PocketBase {
  const pb = new PocketBase(baseUrl)
  // React Query and StrictMode issue the same request twice on purpose; the SDK would abort one.
  pb.autoCancellation(false)
  pb.afterSend = rejectCutAuthAnswers
  return pb
}

const AUTH_ANSWER = /\/api\/collections\/[^/]+\/auth-(refresh|with-[a-z0-9-]+)$/

/**
 * The SDK reads a response body that fails mid-way (the page being left or reloaded) as `{}`
 * and carries on as if it were a success: for an auth answer, that saves an empty session,
 * which then reads as "signed out". A successful auth answer without a token is no answer: it
 * is rejected here, and callers see the server as unreachable (the session is kept).
 */
export function rejectCutAuthAnswers(response: Response, data: unknown): unknown {
  if (response.ok && AUTH_ANSWER.test(new URL(response.url, 'http://x').pathname)) {
    const token = (data as { token?: unknown } | null)?.token
    if (typeof token !== 'string' || !token) throw new TypeError('The answer was cut short.')
  }
  return data
}

const AUTH_COOKIE = 'pb_auth'

/**
 * Mirrors the auth store into a cookie (SPEC §3): one week, SameSite=Strict, Secure on https, at
 * most 4096 bytes — the SDK trims the record when the cookie would be larger.
 */
export function authCookie(pb: PocketBase, secure: boolean): string {
  if (!pb.authStore.token) {
    return `${AUTH_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`
  }
  return pb.authStore.exportToCookie(
    { httpOnly: false, secure, sameSite: 'strict', path: '/', maxAge: AUTH_COOKIE_MAX_AGE_S },
    AUTH_COOKIE,
  )
}

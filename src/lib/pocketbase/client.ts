import PocketBase from 'pocketbase'
import { AUTH_COOKIE_MAX_AGE_S } from '@/config/constants'

/** The one PocketBase client of the app: same origin, so the service worker and CSP stay simple. */
export function createPocketBase(baseUrl = '/'): PocketBase {
  const pb = new PocketBase(baseUrl)
  // React Query and StrictMode issue the same request twice on purpose; the SDK would abort one.
  pb.autoCancellation(false)
  return pb
}

export const AUTH_COOKIE = 'pb_auth'

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

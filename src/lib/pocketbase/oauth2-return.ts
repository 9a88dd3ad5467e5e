// The way back from an OAuth2 provider: what the browser kept when it left (src/lib/pocketbase/
// oauth2.ts). A module of its own: the auth chart reads it, the sign-in page's chunk does not
// need it, and the other way round for leaving.

/** Where the browser keeps the pending sign-in (sessionStorage). */
export const OAUTH2_KEY = 'folio.oauth2'

/** What the browser keeps between leaving for the provider and coming back to /oauth2-callback. */
export interface OAuth2Pending {
  provider: string
  state: string
  codeVerifier: string
  redirectUrl: string
  /** Where to go after sign-in. */
  redirect: string
}

export function peekOAuth2(storage: Storage = sessionStorage): OAuth2Pending | null {
  const raw = storage.getItem(OAUTH2_KEY)
  if (!raw) return null
  try {
    return JSON.parse(raw) as OAuth2Pending
  } catch {
    return null
  }
}

export function takeOAuth2(storage: Storage = sessionStorage): OAuth2Pending | null {
  const pending = peekOAuth2(storage)
  storage.removeItem(OAUTH2_KEY)
  return pending
}

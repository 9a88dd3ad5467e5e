import type PocketBase from 'pocketbase'
import { t } from '../i18n'

const KEY = 'folio.oauth2'

/** What the browser keeps between leaving for the provider and coming back to /oauth2-callback. */
export interface OAuth2Pending {
  provider: string
  state: string
  codeVerifier: string
  redirectUrl: string
  /** Where to go after sign-in. */
  redirect: string
}

function oauth2RedirectUrl(origin: string) {
  return `${origin}/oauth2-callback`
}

/** Leaves for the provider's consent page (PKCE code flow; the state is checked on return). */
export async function startOAuth2(
  pb: PocketBase,
  provider: string,
  redirect: string,
  storage: Storage = sessionStorage,
) {
  const methods = await pb.collection('users').listAuthMethods()
  const p = methods.oauth2.providers.find((x) => x.name === provider)
  if (!p) throw new Error(t('common.auth.providerUnavailable', { provider }))
  const redirectUrl = oauth2RedirectUrl(window.location.origin)
  const pending: OAuth2Pending = {
    provider,
    state: p.state,
    codeVerifier: p.codeVerifier,
    redirectUrl,
    redirect,
  }
  storage.setItem(KEY, JSON.stringify(pending))
  window.location.assign(p.authURL + encodeURIComponent(redirectUrl))
}

export function peekOAuth2(storage: Storage = sessionStorage): OAuth2Pending | null {
  const raw = storage.getItem(KEY)
  if (!raw) return null
  try {
    return JSON.parse(raw) as OAuth2Pending
  } catch {
    return null
  }
}

export function takeOAuth2(storage: Storage = sessionStorage): OAuth2Pending | null {
  const pending = peekOAuth2(storage)
  storage.removeItem(KEY)
  return pending
}

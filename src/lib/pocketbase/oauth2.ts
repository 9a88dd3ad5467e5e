import type PocketBase from 'pocketbase'
import { t } from '../i18n'
import { OAUTH2_KEY, type OAuth2Pending } from './oauth2-return'

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
  storage.setItem(OAUTH2_KEY, JSON.stringify(pending))
  window.location.assign(p.authURL + encodeURIComponent(redirectUrl))
}

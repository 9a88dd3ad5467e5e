import { loadPb } from '@/lib/pocketbase/instance'
import { startOAuth2 } from '@/lib/pocketbase/oauth2'

const users = async () => (await loadPb()).collection('users')

export interface OAuth2ProviderInfo {
  name: string
  displayName: string
}

/**
 * The OAuth2 providers the server offers. A plain request, so the sign-in page renders without
 * loading the SDK.
 */
export async function listOAuth2Providers(): Promise<OAuth2ProviderInfo[]> {
  const res = await fetch('/api/collections/users/auth-methods?fields=oauth2')
  if (!res.ok) return []
  const body = (await res.json()) as {
    oauth2?: { enabled?: boolean; providers?: Array<{ name: string; displayName?: string }> }
  }
  if (!body.oauth2?.enabled) return []
  return (body.oauth2.providers ?? []).map((p) => ({
    name: p.name,
    displayName: p.displayName || p.name,
  }))
}

export const beginOAuth2 = async (provider: string, redirect: string) =>
  startOAuth2(await loadPb(), provider, redirect)

export const requestPasswordReset = async (email: string) =>
  (await users()).requestPasswordReset(email)

export const confirmPasswordReset = async (token: string, password: string) =>
  (await users()).confirmPasswordReset(token, password, password)

export const confirmVerification = async (token: string) =>
  (await users()).confirmVerification(token)

import { pb } from '@/lib/pocketbase/instance'
import { startOAuth2 } from '@/lib/pocketbase/oauth2'

const users = () => pb.collection('users')

export interface OAuth2ProviderInfo {
  name: string
  displayName: string
}

export async function listOAuth2Providers(): Promise<OAuth2ProviderInfo[]> {
  const methods = await users().listAuthMethods()
  if (!methods.oauth2?.enabled) return []
  return methods.oauth2.providers.map((p) => ({ name: p.name, displayName: p.displayName }))
}

export const beginOAuth2 = (provider: string, redirect: string) =>
  startOAuth2(pb, provider, redirect)

export const requestPasswordReset = (email: string) => users().requestPasswordReset(email)

export const confirmPasswordReset = (token: string, password: string) =>
  users().confirmPasswordReset(token, password, password)

export const confirmVerification = (token: string) => users().confirmVerification(token)

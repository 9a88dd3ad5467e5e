import { loadPb } from '@/lib/pocketbase/instance'

/** What the settings page shows of the business's Stripe connection: never a secret. */
export interface StripeConnection {
  connected: boolean
  /** The connected account's id (acct_…); empty for a restricted key that may not read it. */
  account: string
  test_mode: boolean
  has_secret_key: boolean
  has_webhook_secret: boolean
  /** The path of the business's webhook endpoint, after the app's address. */
  webhook_path: string
}

const path = (business: string) => `/api/folio/businesses/${encodeURIComponent(business)}/stripe`

export const stripeConnectionQuery = (business: string) => ({
  queryKey: ['businesses', business, 'stripe'] as const,
  queryFn: async () => (await loadPb()).send<StripeConnection>(path(business), {}),
  staleTime: 0,
})

/** Saves the secrets (an empty one keeps the saved one); the server tries the key first. */
export async function connectStripe(
  business: string,
  body: { secret_key: string; webhook_secret: string },
): Promise<StripeConnection> {
  return (await loadPb()).send<StripeConnection>(path(business), { method: 'PUT', body })
}

export async function disconnectStripe(business: string): Promise<StripeConnection> {
  return (await loadPb()).send<StripeConnection>(path(business), { method: 'DELETE' })
}

/** Calls Stripe with the saved key; a refusal says in a sentence what is wrong. */
export async function testStripe(business: string): Promise<StripeConnection> {
  return (await loadPb()).send<StripeConnection>(`${path(business)}/test`, { method: 'POST' })
}

/**
 * The SDK's own localStorage entry (token and record). A module of its own: the customer's page
 * reads it without the app's SDK loader (src/lib/pocketbase/instance.ts).
 */
export const AUTH_STORE_KEY = 'pocketbase_auth'

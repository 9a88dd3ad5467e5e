/** Business constants of SPEC §9, in one place. */
export const TOAST_DURATION_MS = 5000
export const MAX_VISIBLE_TOASTS = 3

export const AUTH_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60
export const PREFERENCE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

export const DEFAULT_THEME = 'dark'
export const DEFAULT_FONT = 'geist'
export const DEFAULT_DIRECTION = 'ltr'

/** Queries are not retried on these statuses; otherwise up to this many more times. */
export const NO_RETRY_STATUSES: readonly number[] = [401, 403]
export const MAX_QUERY_RETRIES = 3
export const QUERY_STALE_TIME_MS = 10_000
export const ROUTE_PRELOAD_STALE_TIME_MS = 0

export const PAGE_SIZE = 30
export const FULL_LIST_BATCH = 500
export const REALTIME_RECONNECT_DELAYS_MS: readonly number[] = [
  200, 300, 500, 1000, 1200, 1500, 2000,
]
export const REALTIME_CONNECT_TIMEOUT_MS = 15_000

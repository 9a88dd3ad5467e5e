/**
 * The post-sign-in target: only a same-origin path. `//host`, absolute URLs, `javascript:` and
 * backslash tricks fall back to the dashboard.
 */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard'

export function safeRedirect(target: unknown, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof target !== 'string') return fallback
  const t = target.trim()
  if (!t.startsWith('/')) return fallback
  if (t.startsWith('//') || t.includes('\\')) return fallback
  // Control characters are dropped by URL parsers, turning "/\t/evil" into "//evil".
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return fallback
  }
  try {
    const base = 'http://folio.invalid'
    const url = new URL(t, base)
    if (url.origin !== base) return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}

/** `/sign-in?redirect=<where>`; `where` is the original path with its query. */
export function signInHref(redirect?: string | null): string {
  if (!redirect || redirect === '/') return '/sign-in'
  return `/sign-in?${new URLSearchParams({ redirect }).toString()}`
}

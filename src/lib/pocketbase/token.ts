/** Token expiry in ms since the epoch (0 when unreadable), read from the JWT without the SDK. */
export function tokenExpiry(token: string): number {
  const part = token.split('.')[1]
  if (!part) return 0
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    )
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp * 1000 : 0
  } catch {
    return 0
  }
}

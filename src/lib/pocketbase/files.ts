import type { AuthUser } from '@machines/auth/types'

/** The URL of a user's avatar (PocketBase file route), or null when there is none. */
export function avatarUrl(
  user: Pick<AuthUser, 'avatar' | 'collectionId' | 'id'>,
  thumb = '100x100',
) {
  if (!user.avatar) return null
  const base = `/api/files/${encodeURIComponent(user.collectionId)}/${encodeURIComponent(user.id)}/${encodeURIComponent(user.avatar)}`
  return thumb ? `${base}?thumb=${thumb}` : base
}

import type { AuthUser } from '@machines/auth/types'

/** The URL of a user's avatar (PocketBase file route), or null when there is none. */
export function avatarUrl(
  user: Pick<AuthUser, 'avatar' | 'collectionId' | 'id'>,
  thumb = '100x100',
) {
  return user.avatar ? fileUrl(user.collectionId, user.id, user.avatar, thumb) : null
}

/** The URL of a file of a record (PocketBase file route), optionally a thumbnail. */
export function fileUrl(collectionId: string, recordId: string, name: string, thumb = ''): string {
  const base = `/api/files/${encodeURIComponent(collectionId)}/${encodeURIComponent(recordId)}/${encodeURIComponent(name)}`
  return thumb ? `${base}?thumb=${thumb}` : base
}

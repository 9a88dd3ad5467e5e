import type { AuthUser } from '@machines/auth/types'

/**
 * The URL of a user's avatar (PocketBase file route), or null when there is none or no file
 * token yet (the avatar is a protected file: see file-token.ts).
 */
export function avatarUrl(
  user: Pick<AuthUser, 'avatar' | 'collectionId' | 'id'>,
  token: string | null,
  thumb = '100x100',
) {
  return user.avatar && token
    ? fileUrl(user.collectionId, user.id, user.avatar, thumb, token)
    : null
}

/**
 * The URL of a file of a record (PocketBase file route), optionally a thumbnail; a protected file
 * needs a file token.
 */
export function fileUrl(
  collectionId: string,
  recordId: string,
  name: string,
  thumb = '',
  token = '',
): string {
  const base = `/api/files/${encodeURIComponent(collectionId)}/${encodeURIComponent(recordId)}/${encodeURIComponent(name)}`
  const query = new URLSearchParams()
  if (thumb) query.set('thumb', thumb)
  if (token) query.set('token', token)
  const q = query.toString()
  return q ? `${base}?${q}` : base
}

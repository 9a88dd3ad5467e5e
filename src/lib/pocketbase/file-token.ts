import { useQuery } from '@tanstack/react-query'
import { loadPb } from './instance'

/**
 * The avatar and the logo are protected files: their URLs work only with a file token of the
 * signed-in account (server migration 1795300071: it lasts 10 minutes). One is asked for when a
 * screen shows such a file, and again before it runs out. It is never kept on the device.
 */
export const FILE_TOKEN_KEY = 'file-token'
const FRESH_MS = 8 * 60_000

let cached: { user: string; token: string; until: number } | null = null

/** A current file token of the signed-in account ("" when no one is signed in). */
export async function fileToken(): Promise<string> {
  const pb = await loadPb()
  const user = pb.authStore.record?.id ?? ''
  if (!user) return ''
  if (cached && cached.user === user && cached.until > Date.now()) return cached.token
  const token = await pb.files.getToken()
  cached = { user, token, until: Date.now() + FRESH_MS }
  return token
}

/** `fileToken` for a screen: null until the first one came (or while offline). */
export function useFileToken(userId: string | undefined): string | null {
  const q = useQuery({
    queryKey: [FILE_TOKEN_KEY, userId],
    queryFn: fileToken,
    enabled: !!userId,
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
    meta: { silent: true },
  })
  return q.data || null
}

/** `fileToken` for a PDF: without one (offline, say) the PDF is made without the logo. */
export const logoToken = (): Promise<string> => fileToken().catch(() => '')

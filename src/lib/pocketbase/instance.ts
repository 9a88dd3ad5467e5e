import type PocketBase from 'pocketbase'
import type { RecordModel } from 'pocketbase'
import { AUTH_STORE_KEY } from './auth-store-key'

export { AUTH_STORE_KEY }

let loading: Promise<PocketBase> | null = null
const whenLoaded = new Set<(pb: PocketBase) => void>()

/**
 * The app's single PocketBase client, loaded on first use: a signed-out first visit renders
 * without the SDK, which keeps /sign-in inside its JavaScript budget.
 */
export function loadPb(): Promise<PocketBase> {
  loading ??= import('./client').then(({ createPocketBase }) => {
    const pb = createPocketBase('/')
    whenLoaded.forEach((cb) => cb(pb))
    return pb
  })
  return loading
}

/** Starts loading the SDK ahead of need (e.g. when the user starts typing credentials). */
export function preloadPb() {
  void loadPb()
}

/** Runs `cb` with the client once it is loaded (at once if it already is). */
export function onPbLoaded(cb: (pb: PocketBase) => void): () => void {
  whenLoaded.add(cb)
  if (loading) void loading.then((pb) => whenLoaded.has(cb) && cb(pb))
  return () => whenLoaded.delete(cb)
}

/** Whether a session is kept on this device, without loading the SDK. */
export function hasStoredAuth(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return Boolean(storage?.getItem(AUTH_STORE_KEY))
  } catch {
    return false
  }
}

/**
 * The session kept on this device as the SDK stores it (its token and the user's record), read
 * without loading the SDK; null without one, or when the entry is unreadable.
 */
export function readStoredAuth(
  storage: Storage | undefined = globalThis.localStorage,
): { token: string; record: RecordModel } | null {
  try {
    const raw = storage?.getItem(AUTH_STORE_KEY)
    const stored = raw ? (JSON.parse(raw) as { token?: unknown; record?: unknown }) : null
    const { token, record } = stored ?? {}
    if (typeof token !== 'string' || !token || typeof record !== 'object' || !record) return null
    return typeof (record as { id?: unknown }).id === 'string'
      ? { token, record: record as RecordModel }
      : null
  } catch {
    return null
  }
}

/** The id of the user whose session is kept on this device, without loading the SDK. */
export function storedUserId(
  storage: Storage | undefined = globalThis.localStorage,
): string | null {
  return readStoredAuth(storage)?.record.id ?? null
}

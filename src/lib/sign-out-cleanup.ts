/** Private data wiped before a sign-out completes (query cache, queued changes…). */
const cleanups = new Set<() => Promise<void> | void>()

export function registerSignOutCleanup(fn: () => Promise<void> | void): () => void {
  cleanups.add(fn)
  return () => cleanups.delete(fn)
}

export async function runSignOutCleanup(): Promise<void> {
  await Promise.allSettled([...cleanups].map((fn) => fn()))
}

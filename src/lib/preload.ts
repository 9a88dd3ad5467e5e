import { lazy, type ComponentType } from 'react'

/** Route chunk preloading on intent (SPEC §2): the app registers loaders, links call preloadRoute. */
const loaders = new Map<string, () => Promise<unknown>>()

export function registerPreload(path: string, load: () => Promise<unknown>) {
  loaders.set(path, load)
}

export function preloadRoute(href: string): Promise<void> {
  const path = href.split(/[?#]/)[0] ?? href
  const load =
    loaders.get(path) ?? loaders.get(path.replace(/\/$/, '')) ?? matchPattern(path.split('/'))
  return load
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve()
}

/** A registered pattern ("/invoices/:id") matching the path's segments. */
function matchPattern(segments: string[]) {
  for (const [pattern, load] of loaders) {
    const parts = pattern.split('/')
    if (
      parts.length === segments.length &&
      parts.some((p) => p.startsWith(':')) &&
      parts.every((p, i) => p.startsWith(':') || p === segments[i])
    )
      return load
  }
  return undefined
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>

/**
 * React.lazy with a preload. Once the chunk is loaded, the lazy component is handed a thenable
 * that resolves synchronously, so rendering it never suspends: React would otherwise show the
 * fallback for a frame, then hold the content back up to 300 ms (its reveal throttle).
 */
export function lazyWithPreload<P = object>(load: Loader<P>) {
  let loaded: { default: ComponentType<P> } | null = null
  let pending: Promise<{ default: ComponentType<P> }> | null = null
  const preload = () =>
    (pending ??= load().then(
      (mod) => (loaded = mod),
      (error: unknown) => {
        pending = null
        throw error
      },
    ))
  const Component = lazy(() => {
    if (loaded) {
      const mod = loaded
      return { then: (resolve: (m: typeof mod) => void) => resolve(mod) } as Promise<typeof mod>
    }
    return preload()
  })
  return { Component, preload }
}

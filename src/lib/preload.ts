/** Route chunk preloading on intent (SPEC §2): the app registers loaders, links call preloadRoute. */
const loaders = new Map<string, () => Promise<unknown>>()

export function registerPreload(path: string, load: () => Promise<unknown>) {
  loaders.set(path, load)
}

export function preloadRoute(href: string) {
  const path = href.split(/[?#]/)[0] ?? href
  const load = loaders.get(path) ?? loaders.get(path.replace(/\/$/, ''))
  if (load) void load().catch(() => {})
}

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React takes over a prerendered page (and in the build's prerendering), true once the
 * page's handlers are attached; true at once for a page drawn in the browser. React renders the
 * server's value during hydration, then re-renders with the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

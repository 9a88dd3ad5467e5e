// For the Node tests only (the `machines` project draws the prerendered pages in Node, where a
// library's CommonJS `require('react')` would load React itself, not the app's Preact): React's
// `use-sync-external-store/shim/with-selector`, over Preact's own useSyncExternalStore. The browser's
// build bundles the real file, whose `react` is Preact there.
import { useMemo, useSyncExternalStore } from 'preact/compat'

export function useSyncExternalStoreWithSelector<S, T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => S,
  _getServerSnapshot: (() => S) | undefined,
  selector: (snapshot: S) => T,
  isEqual?: (a: T, b: T) => boolean,
): T {
  const getSelection = useMemo(() => {
    let memo: { snapshot: S; selection: T } | null = null
    return () => {
      const snapshot = getSnapshot()
      if (memo && Object.is(memo.snapshot, snapshot)) return memo.selection
      const selection = selector(snapshot)
      if (memo && isEqual?.(memo.selection, selection)) {
        memo = { snapshot, selection: memo.selection }
        return memo.selection
      }
      memo = { snapshot, selection }
      return selection
    }
  }, [getSnapshot, selector, isEqual])
  return useSyncExternalStore(subscribe, getSelection)
}

import { useSyncExternalStore } from 'react'
import { onlineManager } from '@tanstack/react-query'

/** Whether the browser is online, as the data layer sees it. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => onlineManager.subscribe(l),
    () => onlineManager.isOnline(),
    () => true,
  )
}

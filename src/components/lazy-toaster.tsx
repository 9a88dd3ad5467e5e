import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onToasterWanted, toasterWanted } from '@/lib/toast'

const AppToaster = lazy(() => import('./toaster'))

export function LazyToaster({ theme }: { theme: 'dark' | 'light' }) {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, toasterWanted)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <AppToaster theme={theme} />
    </Suspense>
  )
}

import { useT } from '@/lib/i18n'

/** The loading bar at the top during route transitions (SPEC §2). */
export function RouteProgress() {
  const t = useT()
  return (
    <div
      role="progressbar"
      aria-label={t('common.loadingPage')}
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="route-progress h-full w-full bg-primary" />
    </div>
  )
}

import { useT } from '@/lib/i18n'

/** Grey blocks in the dashboard's shape while the first figures load. */
export function DashboardSkeleton() {
  const t = useT()
  return (
    <div className="grid gap-6" aria-busy="true">
      <p role="status" className="sr-only">
        {t('dashboard.loading')}
      </p>
      <div aria-hidden className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="grid gap-2 rounded-xl border border-border p-4">
            <div className="h-4 w-20 animate-pulse rounded bg-muted" />
            <div className="h-7 w-28 animate-pulse rounded bg-muted" />
            <div className="h-3 w-32 animate-pulse rounded bg-muted" />
          </div>
        ))}
      </div>
      <div aria-hidden className="h-80 animate-pulse rounded-xl bg-muted" />
      <div aria-hidden className="grid gap-4 lg:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-56 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    </div>
  )
}

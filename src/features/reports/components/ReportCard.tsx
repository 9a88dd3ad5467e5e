import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Alert, Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'

/** One report's card: its heading and downloads, then its figures once they are there. */
export function ReportCard<D>({
  id,
  title,
  actions,
  query,
  children,
}: {
  id: string
  title: string
  actions: ReactNode
  query: UseQueryResult<D>
  children: (data: D) => ReactNode
}) {
  const t = useT()
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={`${id}-heading`} className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {title}
          </h2>
          {actions}
        </div>
        {query.data ? (
          <div aria-busy={query.isPlaceholderData || undefined}>{children(query.data)}</div>
        ) : query.isError ? (
          <div className="grid justify-items-start gap-3">
            <Alert>{t('reports.loadFailed')}</Alert>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('reports.tryAgain')}
            </Button>
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('reports.loading')}
          </p>
        )}
      </section>
    </Card>
  )
}

import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import type { PdfTable } from '@/billing/pdf/table'
import {
  reportQuery,
  type ReportAnswer,
  type ReportName,
  type ReportRange,
} from '@/billing/report-api'
import { useT } from '@/lib/i18n'
import { ReportActions } from './ReportActions'

/**
 * One report's card: its heading and downloads (CSV, PDF), then its figures once they are there.
 * `subtitle` and `fileBase` name the period in the PDF and the files.
 */
export function ReportCard<N extends ReportName>({
  name,
  title,
  range,
  subtitle,
  fileBase,
  tables,
  children,
}: {
  name: N
  title: string
  range: ReportRange
  subtitle: (a: ReportAnswer<N> | undefined) => string
  fileBase: (a: ReportAnswer<N> | undefined) => string
  tables: (a: ReportAnswer<N>) => PdfTable[]
  children: (a: ReportAnswer<N>) => ReactNode
}) {
  const t = useT()
  const query = useQuery(reportQuery(name, range))
  const data = query.data
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={`${name}-heading`} className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${name}-heading`} className="text-lg font-semibold">
            {title}
          </h2>
          <ReportActions
            name={name}
            title={title}
            subtitle={subtitle(data)}
            range={range}
            fileBase={fileBase(data)}
            tables={() => (data ? tables(data) : [])}
          />
        </div>
        {data ? (
          <div aria-busy={query.isPlaceholderData || undefined}>{children(data)}</div>
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

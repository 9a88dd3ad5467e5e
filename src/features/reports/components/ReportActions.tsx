import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { downloadBlob } from '@/billing/csv'
import { downloadReport, type ReportName, type ReportRange } from '@/billing/report-api'
import type { PdfTable } from '@/billing/pdf/table'
import { useLocale, useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'

/** A report's downloads: its CSV (written by the server) and a PDF made here from its tables. */
export function ReportActions({
  name,
  title,
  subtitle,
  range,
  fileBase,
  tables,
}: {
  name: ReportName
  title: string
  subtitle: string
  range: ReportRange
  fileBase: string
  tables: () => PdfTable[]
}) {
  const t = useT()
  const locale = useLocale()
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null)
  const run = (kind: 'csv' | 'pdf', work: () => Promise<void>) => {
    setBusy(kind)
    work()
      .catch(() => notify('error', t('reports.downloadFailed')))
      .finally(() => setBusy(null))
  }
  return (
    <div className="flex gap-2">
      <Button
        variant="outline"
        size="sm"
        busy={busy === 'csv'}
        aria-label={t('reports.csvOf', { report: title })}
        onClick={() => run('csv', () => downloadReport(name, range, `${fileBase}.csv`))}
      >
        {t('reports.csv')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        busy={busy === 'pdf'}
        aria-label={t('reports.pdfOf', { report: title })}
        onClick={() =>
          run('pdf', async () => {
            const { renderTablePdf } = await import('@/billing/pdf/table')
            const bytes = await renderTablePdf({ title, subtitle, tables: tables(), locale })
            downloadBlob(
              `${fileBase}.pdf`,
              new Blob([bytes as BlobPart], { type: 'application/pdf' }),
            )
          })
        }
      >
        {t('reports.pdf')}
      </Button>
    </div>
  )
}

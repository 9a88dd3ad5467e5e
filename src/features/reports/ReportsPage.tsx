import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/inputs'
import { Card } from '@/components/ui/card'
import { formatDate } from '@/billing/format'
import { downloadZip, type ReportRange } from '@/billing/report-api'
import { PERIOD_KINDS, type PeriodKind } from '@/billing/reports'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { periodOf, searchOf } from './period'
import { agingTables, profitTables, vatTables } from './pdf'
import { ReportCard } from './components/ReportCard'
import { AgingTables, ProfitTables, VatTables } from './components/ReportTables'

const KIND_LABELS = {
  month: 'reports.period.month',
  quarter: 'reports.period.quarter',
  year: 'reports.period.year',
} as const

/** The figures for the accountant: VAT, profit and loss, aging, their downloads and the zip. */
export default function ReportsPage() {
  const t = useT()
  const [location, navigate] = useLocation()
  const period = periodOf(useSearch())
  const range: ReportRange = { period: period.kind, date: period.from }
  const [zipping, setZipping] = useState(false)
  const go = (kind: PeriodKind, date: string) =>
    navigate(`${location}${searchOf(kind, date)}`, { replace: true })

  const rangeText = t('reports.period.range', {
    from: formatDate(period.from),
    to: formatDate(period.to),
  })
  const base = (name: string) => `${name}-${period.from}-${period.to}`

  return (
    <>
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      <div className="grid gap-6">
        <Card className="grid gap-4 p-4 md:p-6">
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              label={t('reports.period.kind')}
              className="w-40"
              value={period.kind}
              onChange={(e) => go(e.target.value as PeriodKind, period.from)}
            >
              {PERIOD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(KIND_LABELS[k])}
                </option>
              ))}
            </SelectField>
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => go(period.kind, period.previous)}>
                <span aria-hidden="true" className="rtl:rotate-180">
                  ←
                </span>
                {t('reports.period.previous')}
              </Button>
              <Button variant="outline" onClick={() => go(period.kind, period.next)}>
                {t('reports.period.next')}
                <span aria-hidden="true" className="rtl:rotate-180">
                  →
                </span>
              </Button>
            </div>
          </div>
          <p className="font-medium" aria-live="polite">
            <bdi>{rangeText}</bdi>
          </p>
          <div className="grid justify-items-start gap-1">
            <Button
              busy={zipping}
              onClick={() => {
                setZipping(true)
                downloadZip({ from: period.from, to: period.to })
                  .catch(() => notify('error', t('reports.downloadFailed')))
                  .finally(() => setZipping(false))
              }}
            >
              {t('reports.zip')}
            </Button>
            <p className="text-sm text-muted-foreground">{t('reports.zipNote')}</p>
          </div>
        </Card>

        <ReportCard
          name="vat"
          title={t('reports.vat.title')}
          range={range}
          subtitle={() => rangeText}
          fileBase={() => base('vat')}
          tables={(a) => vatTables(t, a.report)}
        >
          {(a) => <VatTables report={a.report} />}
        </ReportCard>
        <ReportCard
          name="profit"
          title={t('reports.profit.title')}
          range={range}
          subtitle={() => rangeText}
          fileBase={() => base('profit')}
          tables={(a) => profitTables(t, a.report)}
        >
          {(a) => <ProfitTables report={a.report} />}
        </ReportCard>
        <ReportCard
          name="aging"
          title={t('reports.aging.title')}
          range={range}
          subtitle={(a) => t('reports.aging.today', { date: formatDate(a?.today) })}
          fileBase={(a) => `aging-${a?.today ?? period.to}`}
          tables={(a) => agingTables(t, a.report)}
        >
          {(a) => (
            <div className="grid gap-4">
              <p className="text-sm text-muted-foreground">
                <bdi>{t('reports.aging.today', { date: formatDate(a.today) })}</bdi>
              </p>
              <AgingTables report={a.report} />
            </div>
          )}
        </ReportCard>
      </div>
    </>
  )
}

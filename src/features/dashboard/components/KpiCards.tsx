import type { ReactNode } from 'react'
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { cn } from '@/components/ui/cn'
import { formatMoney } from '@/billing/format'
import type { Dashboard } from '../api/dashboard'
import { formatRate, kpiChange, type KpiChange } from '../change'
import { useT } from '@/lib/i18n'

/** The headline figures of the period, each card a small landmark-free block under one h2. */
export function KpiCards({ data }: { data: Dashboard }) {
  const t = useT()
  const money = (cents: number) => formatMoney(cents, data.currency)
  const { overdue, open_quotes: quotes } = data
  return (
    <section aria-labelledby="kpi-heading">
      <h2 id="kpi-heading" className="sr-only">
        {t('dashboard.kpi.heading')}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <Kpi
          title={t('dashboard.figures.invoiced')}
          value={money(data.invoiced_cents)}
          change={kpiChange(data.invoiced_cents, data.previous.invoiced_cents)}
        >
          {t('credits.dashboard.netInvoiced')}
        </Kpi>
        <Kpi
          title={t('dashboard.figures.collected')}
          value={money(data.collected_cents)}
          change={kpiChange(data.collected_cents, data.previous.collected_cents)}
        >
          {t('credits.dashboard.lessRefunds')}
        </Kpi>
        <Kpi title={t('dashboard.kpi.outstanding')} value={money(data.outstanding_cents)}>
          {t('dashboard.kpi.outstandingNote')}
        </Kpi>
        <Kpi
          title={t('dashboard.kpi.overdue')}
          value={money(overdue.cents)}
          tone={overdue.count > 0 ? 'danger' : undefined}
        >
          {overdue.count > 0
            ? t('dashboard.kpi.overdueNote', {
                count: overdue.count,
                days: overdue.oldest_days,
              })
            : t('dashboard.kpi.nothingOverdue')}
        </Kpi>
        <Kpi title={t('dashboard.kpi.openQuotes')} value={money(quotes.cents)}>
          {t('dashboard.kpi.openQuotesNote', {
            count: quotes.count,
            rate: formatRate(data.quote_win_rate),
          })}
          {data.quote_win_rate === null ? (
            <span className="sr-only">{` ${t('dashboard.kpi.noDecision')}`}</span>
          ) : null}
        </Kpi>
      </ul>
    </section>
  )
}

function Kpi({
  title,
  value,
  change,
  tone,
  children,
}: {
  title: string
  value: string
  change?: KpiChange
  tone?: 'danger'
  children?: ReactNode
}) {
  return (
    <li>
      <Card className="grid h-full content-start gap-1 p-4">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <p
          className={cn(
            'text-2xl font-semibold tracking-tight whitespace-nowrap tabular-nums xl:text-xl 2xl:text-2xl',
            tone === 'danger' && 'text-destructive',
          )}
        >
          <bdi>{value}</bdi>
        </p>
        {change ? <ChangeLine change={change} /> : null}
        {children ? (
          <p className="text-xs text-muted-foreground">
            <bdi>{children}</bdi>
          </p>
        ) : null}
      </Card>
    </li>
  )
}

const trendIcons = { up: ArrowUpRight, down: ArrowDownRight, flat: ArrowRight } as const
const trendTones = {
  up: 'text-green-700 dark:text-green-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-muted-foreground',
  none: 'text-muted-foreground',
} as const

function ChangeLine({ change }: { change: KpiChange }) {
  const t = useT()
  const Icon = change.trend === 'none' ? null : trendIcons[change.trend]
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-xs">
      <span
        aria-hidden
        className={cn(
          'inline-flex items-center font-medium whitespace-nowrap tabular-nums',
          trendTones[change.trend],
        )}
      >
        {Icon ? <Icon className="size-3.5 rtl:-scale-x-100" /> : null}
        <bdi>{change.text}</bdi>
      </span>
      <bdi aria-hidden className="text-muted-foreground">
        {t('dashboard.kpi.vsPrevious')}
      </bdi>
      <span className="sr-only">{change.label}</span>
    </p>
  )
}

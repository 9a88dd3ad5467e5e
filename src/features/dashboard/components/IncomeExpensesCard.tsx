import { useQuery } from '@tanstack/react-query'
import { Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { paths } from '@/config/paths'
import { formatMoney } from '@/billing/format'
import { reportQuery } from '@/billing/report-api'
import { useT } from '@/lib/i18n'

/**
 * Income, expenses and profit of the dashboard's period, per currency (the profit report's
 * figures). Loaded after the dashboard's first paint, with its words (the `reports` bundle).
 */
export default function IncomeExpensesCard({ from, to }: { from: string; to: string }) {
  const t = useT()
  const query = useQuery(reportQuery('profit', { from, to }))
  const currencies = query.data?.report.currencies
  if (!currencies) return null
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby="income-expenses-heading" className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="income-expenses-heading" className="text-lg font-semibold">
            {t('reports.dashboard.title')}
          </h2>
          <PreloadLink
            href={paths.reports}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('reports.dashboard.link')}
          </PreloadLink>
        </div>
        {currencies.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('reports.dashboard.none')}</p>
        ) : (
          currencies.map((c) => (
            <dl key={c.currency} className="grid gap-3 sm:grid-cols-3" aria-label={c.currency}>
              {(
                [
                  ['reports.profit.income', c.income_cents],
                  ['reports.profit.expenses', c.expenses_cents],
                  ['reports.profit.profit', c.profit_cents],
                ] as const
              ).map(([label, cents]) => (
                <div key={label} className="rounded-lg border border-border p-3">
                  <dt className="text-sm text-muted-foreground">{t(label)}</dt>
                  <dd className="text-lg font-semibold tabular-nums">
                    <bdi>{formatMoney(cents, c.currency)}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          ))
        )}
      </section>
    </Card>
  )
}

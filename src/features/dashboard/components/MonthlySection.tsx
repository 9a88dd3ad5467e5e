import { useDeferredValue } from 'react'
import { Card } from '@/components/ui/card'
import { formatMoney } from '@/billing/format'
import type { MonthFigures } from '../api/dashboard'
import { monthName } from '../words'
import { useT } from '@/lib/i18n'
import { ChartPlaceholder, MonthlyChart } from './MonthlyChart'

/** Twelve months of invoiced vs collected: a chart to look at, a table to read. */
export function MonthlySection({ months, currency }: { months: MonthFigures[]; currency: string }) {
  const t = useT()
  const first = months[0]
  const last = months[months.length - 1]
  // The bars are drawn in a render of their own, after the rest of the dashboard is on screen:
  // their scales and formats are the page's most expensive part. The first render draws their room
  // only; React then renders them as a deferred update, which yields to a tap or a keystroke.
  const drawChart = useDeferredValue(true, false)
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby="monthly-heading" className="grid gap-4">
        <div>
          <h2 id="monthly-heading" className="text-lg font-semibold">
            {t('dashboard.monthly.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            <bdi>
              {first && last
                ? t('dashboard.monthly.span', {
                    first: monthName(first.month),
                    last: monthName(last.month),
                  })
                : t('dashboard.monthly.spanEmpty')}
            </bdi>
          </p>
        </div>
        {drawChart ? <MonthlyChart months={months} currency={currency} /> : <ChartPlaceholder />}
        {/* A table can't shrink to the 1px of sr-only: the wrapper clips it instead. */}
        <div className="sr-only">
          <table>
            <caption>{t('dashboard.monthly.caption', { currency })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.monthly.month')}</th>
                <th scope="col">{t('dashboard.figures.invoiced')}</th>
                <th scope="col">{t('dashboard.figures.collected')}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthName(m.month)}</th>
                  <td>{formatMoney(m.invoiced_cents, currency)}</td>
                  <td>{formatMoney(m.collected_cents, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </Card>
  )
}

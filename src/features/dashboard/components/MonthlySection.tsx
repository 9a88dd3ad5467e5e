import { lazy, Suspense } from 'react'
import { Card } from '@/components/ui/card'
import { formatMoney } from '@/billing/format'
import type { MonthFigures } from '../api/dashboard'
import { monthName } from '../words'

const MonthlyChart = lazy(() => import('./MonthlyChart'))

/** Twelve months of invoiced vs collected: a chart to look at, a table to read. */
export function MonthlySection({ months, currency }: { months: MonthFigures[]; currency: string }) {
  const first = months[0]
  const last = months[months.length - 1]
  const span = first && last ? `${monthName(first.month)} to ${monthName(last.month)}` : ''
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby="monthly-heading" className="grid gap-4">
        <div>
          <h2 id="monthly-heading" className="text-lg font-semibold">
            Invoiced vs collected
          </h2>
          <p className="text-sm text-muted-foreground">
            The 12 months {span ? `from ${span}` : ''}
          </p>
        </div>
        <Suspense fallback={<div aria-hidden className="h-72 animate-pulse rounded-md bg-muted" />}>
          <MonthlyChart months={months} currency={currency} />
        </Suspense>
        <table className="sr-only">
          <caption>Invoiced and collected per month, in {currency}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Invoiced</th>
              <th scope="col">Collected</th>
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
      </section>
    </Card>
  )
}

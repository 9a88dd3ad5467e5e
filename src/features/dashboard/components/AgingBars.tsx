import { Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { paths, recordPaths } from '@/config/paths'
import { formatMoney } from '@/lib/billing/format'
import type { Aging } from '../api/dashboard'

const buckets: ReadonlyArray<{ key: keyof Aging; label: string; bar: string }> = [
  { key: 'not_due', label: 'Not yet due', bar: 'bg-green-600' },
  { key: 'd1_30', label: '1–30 days overdue', bar: 'bg-amber-400' },
  { key: 'd31_60', label: '31–60 days overdue', bar: 'bg-amber-600' },
  { key: 'd61_90', label: '61–90 days overdue', bar: 'bg-red-500' },
  { key: 'd90_plus', label: 'More than 90 days overdue', bar: 'bg-red-700' },
]

/** What is owed today, by how late it is. The bars are drawn to scale of the largest bucket. */
export function AgingBars({
  aging,
  outstanding,
  currency,
}: {
  aging: Aging
  outstanding: number
  currency: string
}) {
  const max = Math.max(...buckets.map((b) => aging[b.key]), 0)
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby="aging-heading" className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="aging-heading" className="text-lg font-semibold">
            Receivables aging
          </h2>
          <PreloadLink
            href={recordPaths.listWith(paths.invoices, '?status=outstanding')}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            Outstanding invoices
          </PreloadLink>
        </div>
        <p className="text-sm text-muted-foreground">
          {formatMoney(outstanding, currency)} owed to you today.
        </p>
        <ul className="grid gap-3">
          {buckets.map((b) => {
            const cents = aging[b.key]
            const width = max > 0 ? Math.max((cents / max) * 100, cents > 0 ? 2 : 0) : 0
            return (
              <li key={b.key} className="grid gap-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span>{b.label}</span>
                  <span className="font-medium tabular-nums">{formatMoney(cents, currency)}</span>
                </div>
                <div aria-hidden className="h-2.5 overflow-hidden rounded-full bg-muted">
                  <div className={`h-full rounded-full ${b.bar}`} style={{ width: `${width}%` }} />
                </div>
              </li>
            )
          })}
        </ul>
      </section>
    </Card>
  )
}

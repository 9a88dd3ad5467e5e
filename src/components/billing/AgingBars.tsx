import { agingLabels, type AgingBuckets } from '@/lib/billing/aging'
import { formatMoney } from '@/lib/billing/format'

/** Open balances by lateness, as labelled bars with amounts. */
export function AgingBars({ buckets, currency }: { buckets: AgingBuckets; currency: string }) {
  const entries = Object.entries(buckets) as Array<[keyof AgingBuckets, number]>
  const max = Math.max(1, ...entries.map(([, v]) => v))
  return (
    <dl className="grid gap-2 text-sm">
      {entries.map(([k, v]) => (
        <div key={k} className="grid grid-cols-[8rem_1fr_auto] items-center gap-3">
          <dt className="text-muted-foreground">{agingLabels[k]}</dt>
          <div className="h-2 rounded bg-muted" aria-hidden>
            <div
              className={k === 'not_due' ? 'h-2 rounded bg-primary' : 'h-2 rounded bg-destructive'}
              style={{ width: `${(v / max) * 100}%` }}
            />
          </div>
          <dd className="tabular-nums">{formatMoney(v, currency)}</dd>
        </div>
      ))}
    </dl>
  )
}

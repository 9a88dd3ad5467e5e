import type { ReactNode } from 'react'
import { AGING_LABELS, type AgingBuckets } from '@/billing/aging'
import { formatMoney } from '@/billing/format'
import { intlLocale, useLocale, useT } from '@/lib/i18n'

const barColours: Record<keyof AgingBuckets, string> = {
  not_due: 'bg-green-600',
  d1_30: 'bg-amber-400',
  d31_60: 'bg-amber-600',
  d61_90: 'bg-red-500',
  d90_plus: 'bg-red-700',
}
const order = Object.keys(barColours) as Array<keyof AgingBuckets>

/**
 * Open balances by how late they are (the dashboard's and a customer's), as labelled bars drawn
 * to the scale of the largest bucket, each with its amount. With nothing owed at all, `empty`
 * (a sentence) stands instead of five empty bars.
 */
export function AgingBars({
  buckets,
  currency,
  empty,
}: {
  buckets: AgingBuckets
  currency: string
  empty?: ReactNode
}) {
  const t = useT()
  const locale = intlLocale(useLocale())
  const max = Math.max(...order.map((k) => buckets[k]), 0)
  if (empty && max <= 0) return <p className="text-sm text-muted-foreground">{empty}</p>
  return (
    <ul className="grid gap-3">
      {order.map((k) => {
        const cents = buckets[k]
        const width = max > 0 ? Math.max((cents / max) * 100, cents > 0 ? 2 : 0) : 0
        return (
          <li key={k} className="grid gap-1">
            <div className="flex flex-wrap justify-between gap-x-2 text-sm">
              <bdi>{t(AGING_LABELS[k])}</bdi>
              <bdi className="font-medium whitespace-nowrap tabular-nums">
                {formatMoney(cents, currency, locale)}
              </bdi>
            </div>
            <div aria-hidden className="h-2.5 overflow-hidden rounded-full bg-muted">
              <div
                className={`h-full rounded-full ${barColours[k]}`}
                style={{ width: `${width}%` }}
              />
            </div>
          </li>
        )
      })}
    </ul>
  )
}

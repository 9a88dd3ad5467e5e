import { Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { paths, recordPaths } from '@/config/paths'
import { formatMoney } from '@/billing/format'
import { AgingBars as Bars } from '@/billing/ui/AgingBars'
import type { Aging } from '../api/dashboard'
import { useT } from '@/lib/i18n'
import { richText } from '@/lib/i18n/rich'

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
  const t = useT()
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby="aging-heading" className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="aging-heading" className="text-lg font-semibold">
            {t('dashboard.aging.title')}
          </h2>
          <PreloadLink
            href={recordPaths.listWith(paths.invoices, '?status=outstanding')}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('dashboard.aging.link')}
          </PreloadLink>
        </div>
        <p className="text-sm text-muted-foreground">
          <bdi>
            {richText(t, 'dashboard.aging.owed', {
              amount: (
                <bdi className="whitespace-nowrap tabular-nums">
                  {formatMoney(outstanding, currency)}
                </bdi>
              ),
            })}
          </bdi>
        </p>
        <Bars buckets={aging} currency={currency} />
      </section>
    </Card>
  )
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { paths } from '@/config/paths'
import { dashboardKey } from '@/billing/queries'
import { formatDate } from '@/billing/format'
import { withBusiness } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'
import { useT } from '@/lib/i18n'

/** The answer of GET /api/folio/reminders/week (server/internal/billing/reminders.go). */
interface RemindersWeek {
  /** The Monday the week began on, in the business's time zone. */
  from: string
  sent: number
}

const remindersWeekQuery = queryOptions({
  // Under the dashboard's key: whatever refreshes the dashboard refreshes this too.
  queryKey: [...dashboardKey, 'reminders-week'] as const,
  queryFn: async (): Promise<RemindersWeek> =>
    (await loadPb()).send<RemindersWeek>('/api/folio/reminders/week', { query: withBusiness() }),
})

/** How many automatic payment reminders went out this week, with the way to their settings. */
export function RemindersCard() {
  const t = useT()
  const week = useQuery(remindersWeekQuery)
  if (!week.data) return null
  return (
    <section aria-labelledby="reminders-week-heading">
      <Card className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="reminders-week-heading" className="text-sm font-medium text-muted-foreground">
            {t('dunning.dashboard.title')}
          </h2>
          <p className="text-2xl font-semibold tabular-nums">{week.data.sent}</p>
          <p className="text-sm text-muted-foreground">
            <bdi>{t('dunning.dashboard.since', { date: formatDate(week.data.from) })}</bdi>
          </p>
        </div>
        <PreloadLink href={paths.settingsReminders} className="text-sm underline">
          {t('dunning.dashboard.settings')}
        </PreloadLink>
      </Card>
    </section>
  )
}

import * as Dropdown from '@radix-ui/react-dropdown-menu'
import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { sellerQuery } from '@/billing/queries'
import {
  QUOTE_EXPIRY_REMINDER_DAYS,
  reminderText,
  remindersAll,
  remindersLabel,
  remindersQuery,
  type Reminder,
} from '@/billing/reminders'
import { useT } from '@/lib/i18n'

const itemClass =
  'block cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted'

/**
 * The header's bell: invoices that became overdue and quotes about to expire, as chosen on
 * /settings/notifications. Renders nothing when the reminders are off or nothing is due.
 */
export function Reminders({ userId }: { userId: string }) {
  const t = useT()
  const seller = useQuery({ ...sellerQuery(userId), meta: { silent: true } })
  const prefs = {
    overdue: seller.data?.notify_overdue === true,
    quoteExpiring: seller.data?.notify_quote_expiring === true,
  }
  const { data } = useQuery(remindersQuery(prefs))
  if (!data || data.count === 0 || !(prefs.overdue || prefs.quoteExpiring)) return null
  const label = remindersLabel(data.count, t)
  const overdue = data.items.filter((r) => r.kind === 'overdue')
  const expiring = data.items.filter((r) => r.kind === 'quoteExpiring')
  return (
    <Dropdown.Root modal={false}>
      <Dropdown.Trigger
        aria-label={label}
        className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-muted"
      >
        <Bell aria-hidden className="size-5" />
        <span
          aria-hidden
          className="absolute end-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-red-700 px-1 text-[10px] leading-none font-semibold text-white"
        >
          {data.count > 99 ? '99+' : data.count}
        </span>
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          align="end"
          sideOffset={4}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-background p-1 shadow-md"
        >
          <Dropdown.Label className="px-2 py-1.5 text-sm font-semibold">
            <bdi>{label}</bdi>
          </Dropdown.Label>
          {overdue.length ? (
            <Group
              title={t('billing.reminders.overdueGroup')}
              items={overdue}
              more={data.overdueCount > overdue.length ? remindersAll.overdue : null}
              moreLabel={t('billing.reminders.allOverdue', { count: data.overdueCount })}
            />
          ) : null}
          {expiring.length ? (
            <Group
              title={t('billing.reminders.expiringGroup', { days: QUOTE_EXPIRY_REMINDER_DAYS })}
              items={expiring}
              more={data.expiringCount > expiring.length ? remindersAll.quoteExpiring : null}
              moreLabel={t('billing.reminders.allExpiring', { count: data.expiringCount })}
            />
          ) : null}
          <Dropdown.Separator className="my-1 h-px bg-border" />
          <Dropdown.Item asChild className={`${itemClass} text-muted-foreground`}>
            <Link href={paths.settingsNotifications}>{t('billing.reminders.settings')}</Link>
          </Dropdown.Item>
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  )
}

function Group({
  title,
  items,
  more,
  moreLabel,
}: {
  title: string
  items: Reminder[]
  more: string | null
  moreLabel: string
}) {
  const t = useT()
  return (
    <Dropdown.Group>
      <Dropdown.Separator className="my-1 h-px bg-border" />
      <Dropdown.Label className="px-2 pt-1 text-xs font-medium text-muted-foreground">
        <bdi>{title}</bdi>
      </Dropdown.Label>
      {items.map((r) => (
        <Dropdown.Item key={r.id} asChild className={itemClass}>
          <Link href={r.href} className="break-words">
            <bdi>{reminderText(r, t)}</bdi>
          </Link>
        </Dropdown.Item>
      ))}
      {more ? (
        <Dropdown.Item asChild className={`${itemClass} text-primary`}>
          <Link href={more}>
            <bdi>{moreLabel}</bdi>
          </Link>
        </Dropdown.Item>
      ) : null}
    </Dropdown.Group>
  )
}

import * as Dropdown from '@radix-ui/react-dropdown-menu'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import {
  QUOTE_EXPIRY_REMINDER_DAYS,
  reminderText,
  remindersAll,
  type Reminder,
  type Reminders as RemindersData,
} from '@/billing/reminders'
import { useT } from '@/lib/i18n'
import { bellClass } from './Reminders'

const itemClass =
  'block cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted'

/**
 * The bell's menu (Radix): what is due, grouped, each a link to its record. Loaded only when the
 * bell is first opened (see Reminders), so a first visit does not pay for the menu library.
 */
export function RemindersMenu({
  data,
  label,
  trigger,
  open,
  onOpenChange,
}: {
  data: RemindersData
  label: string
  trigger: ReactNode
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const overdue = data.items.filter((r) => r.kind === 'overdue')
  const expiring = data.items.filter((r) => r.kind === 'quoteExpiring')
  return (
    <Dropdown.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <Dropdown.Trigger aria-label={label} className={bellClass}>
        {trigger}
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

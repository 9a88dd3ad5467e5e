import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { sellerQuery } from '@/billing/queries'
import { remindersLabel, remindersQuery } from '@/billing/reminders'
import { useT } from '@/lib/i18n'
import { useLazyMenu } from '@/components/ui/lazy-menu'
import { useBusinessId } from '@/lib/business'

export const bellClass =
  'relative inline-flex size-10 items-center justify-center rounded-md hover:bg-muted'

type MenuModule = typeof import('./RemindersMenu')
let menuModule: Promise<MenuModule> | null = null
/** The menu's code (and the menu library's), fetched once: on hover or focus, at the latest on open. */
const loadMenu = () => (menuModule ??= import('./RemindersMenu'))

/**
 * The header's bell: invoices that became overdue and quotes about to expire, as chosen on
 * /settings/notifications. Renders nothing when the reminders are off or nothing is due. Until
 * it is first opened the bell is a plain button; its menu loads then.
 */
export function Reminders() {
  const t = useT()
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business, meta: { silent: true } })
  const prefs = {
    overdue: seller.data?.notify_overdue === true,
    quoteExpiring: seller.data?.notify_quote_expiring === true,
  }
  const { data } = useQuery(remindersQuery(prefs))
  const { menu, open, setOpen, buttonProps } = useLazyMenu(loadMenu)
  if (!data || data.count === 0 || !(prefs.overdue || prefs.quoteExpiring)) return null
  const label = remindersLabel(data.count, t)
  const trigger = (
    <>
      <Bell aria-hidden className="size-5" />
      <span
        aria-hidden
        className="absolute end-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-red-700 px-1 text-[10px] leading-none font-semibold text-white"
      >
        {data.count > 99 ? '99+' : data.count}
      </span>
    </>
  )
  if (menu)
    return (
      <menu.RemindersMenu
        data={data}
        label={label}
        trigger={trigger}
        open={open}
        onOpenChange={setOpen}
      />
    )
  return (
    <button aria-label={label} className={bellClass} {...buttonProps}>
      {trigger}
    </button>
  )
}

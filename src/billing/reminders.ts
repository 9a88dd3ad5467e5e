import { queryOptions } from '@tanstack/react-query'
import { paths, recordPaths } from '@/config/paths'
import { t as translate, type Translate } from '@/lib/i18n'
import { scopedFilter } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'
import { OVERDUE_INVOICES } from './list-state'
import { dashboardKey } from './queries'
import { addDays, daysBetween, isoDate, pbDate, todayIso } from './format'
import type { Customer, Invoice, Quote } from './types'

/** How far ahead a quote's expiry date makes it a reminder, today included. */
export const QUOTE_EXPIRY_REMINDER_DAYS = 7
/** Rows of each kind in the menu; the count still says how many there are in all. */
const REMINDERS_SHOWN = 8

/** The user's choices on /settings/notifications (notify_overdue, notify_quote_expiring). */
export interface ReminderPrefs {
  overdue: boolean
  quoteExpiring: boolean
}

export interface Reminder {
  kind: 'overdue' | 'quoteExpiring'
  id: string
  href: string
  number: string
  customer: string | undefined
  /** Days overdue, or days left before the quote expires. */
  days: number
}

export interface Reminders {
  /** Every matching record, not only the rows listed. */
  count: number
  overdueCount: number
  expiringCount: number
  items: Reminder[]
}

/** "INV-00012 for Acme is 5 days overdue" */
export const overdueText = (
  number: string,
  customer: string | undefined,
  late: number,
  t: Translate = translate,
) =>
  customer
    ? t('billing.reminders.overdueFor', { number, customer, days: late })
    : t('billing.reminders.overdue', { number, days: late })

/** "QUO-00004 for Acme expires in 3 days" */
export function expiringText(
  number: string,
  customer: string | undefined,
  left: number,
  t: Translate = translate,
) {
  const when = left <= 0 ? 'today' : left === 1 ? 'tomorrow' : 'later'
  return customer
    ? t('billing.reminders.expiringFor', { number, customer, when, days: left })
    : t('billing.reminders.expiring', { number, when, days: left })
}

/** A reminder's line in the menu, in the interface's language (or `t`'s). */
export const reminderText = (r: Reminder, t: Translate = translate) =>
  r.kind === 'overdue'
    ? overdueText(r.number, r.customer, r.days, t)
    : expiringText(r.number, r.customer, r.days, t)

export const remindersLabel = (count: number, t: Translate = translate) =>
  t('billing.reminders.count', { count })

/** Where to see all of a kind when the menu lists only the first few. */
export const remindersAll = {
  overdue: recordPaths.listWith(paths.invoices, '?status=overdue'),
  quoteExpiring: recordPaths.listWith(paths.quotes, '?status=open&sort=expiry_date'),
} as const

type Listed<T> = T & { expand?: { customer?: Pick<Customer, 'name'> } }

/**
 * Invoices that became overdue and sent quotes about to expire, as the user asked to be reminded
 * of them. Under ['dashboard'], so every write and realtime change refreshes it. "Overdue" and
 * "expiring" are derived from the dates, in UTC like the server.
 */
export const remindersQuery = (prefs: ReminderPrefs, today = todayIso()) =>
  queryOptions({
    queryKey: [...dashboardKey, 'reminders', { ...prefs, today }] as const,
    enabled: prefs.overdue || prefs.quoteExpiring,
    // A header badge: a failure here never interrupts the page (no /500, no toast).
    meta: { silent: true },
    queryFn: async (): Promise<Reminders> => {
      const pb = await loadPb()
      const fields = 'id,number,due_date,expiry_date,expand.customer.name'
      const [invoices, quotes] = await Promise.all([
        prefs.overdue
          ? pb.collection('invoices').getList<Listed<Invoice>>(1, REMINDERS_SHOWN, {
              filter: scopedFilter(pb, OVERDUE_INVOICES, { today: pbDate(today) }),
              sort: 'due_date,seq',
              expand: 'customer',
              fields,
            })
          : null,
        prefs.quoteExpiring
          ? pb.collection('quotes').getList<Listed<Quote>>(1, REMINDERS_SHOWN, {
              filter: scopedFilter(
                pb,
                "(status = 'sent' || status = 'viewed') && expiry_date != '' && expiry_date >= {:today} && expiry_date < {:end}",
                {
                  today: pbDate(today),
                  end: pbDate(addDays(today, QUOTE_EXPIRY_REMINDER_DAYS + 1)),
                },
              ),
              sort: 'expiry_date,seq',
              expand: 'customer',
              fields,
            })
          : null,
      ])
      const items: Reminder[] = [
        ...(invoices?.items ?? []).map((i) => ({
          kind: 'overdue' as const,
          id: i.id,
          href: recordPaths.invoice(i.id),
          number: i.number,
          customer: i.expand?.customer?.name,
          days: daysBetween(isoDate(i.due_date), today),
        })),
        ...(quotes?.items ?? []).map((q) => ({
          kind: 'quoteExpiring' as const,
          id: q.id,
          href: recordPaths.quote(q.id),
          number: q.number,
          customer: q.expand?.customer?.name,
          days: daysBetween(today, isoDate(q.expiry_date)),
        })),
      ]
      const overdueCount = invoices?.totalItems ?? 0
      const expiringCount = quotes?.totalItems ?? 0
      return { count: overdueCount + expiringCount, overdueCount, expiringCount, items }
    },
  })

import { queryOptions } from '@tanstack/react-query'
import { paths, recordPaths } from '@/config/paths'
import { loadPb } from '@/lib/pocketbase/instance'
import { OVERDUE_INVOICES } from './list-state'
import { dashboardKey } from './queries'
import { addDays, daysBetween, isoDate, pbDate, todayIso } from './format'
import type { Customer, Invoice, Quote } from './types'

/** How far ahead a quote's expiry date makes it a reminder, today included. */
const QUOTE_EXPIRY_REMINDER_DAYS = 7
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
  text: string
}

export interface Reminders {
  /** Every matching record, not only the rows listed. */
  count: number
  overdueCount: number
  expiringCount: number
  items: Reminder[]
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`
const forWhom = (number: string, customer: string | undefined) =>
  customer ? `${number} for ${customer}` : number

/** "INV-00012 for Acme is 5 days overdue" */
export const overdueText = (number: string, customer: string | undefined, late: number) =>
  `${forWhom(number, customer)} is ${days(late)} overdue`

/** "QUO-00004 for Acme expires in 3 days" */
export function expiringText(number: string, customer: string | undefined, left: number) {
  const when = left <= 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${days(left)}`
  return `${forWhom(number, customer)} expires ${when}`
}

export const remindersLabel = (count: number) =>
  `${count} ${count === 1 ? 'reminder' : 'reminders'}`

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
              filter: pb.filter(OVERDUE_INVOICES, { today: pbDate(today) }),
              sort: 'due_date,seq',
              expand: 'customer',
              fields,
            })
          : null,
        prefs.quoteExpiring
          ? pb.collection('quotes').getList<Listed<Quote>>(1, REMINDERS_SHOWN, {
              filter: pb.filter(
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
          text: overdueText(
            i.number,
            i.expand?.customer?.name,
            daysBetween(isoDate(i.due_date), today),
          ),
        })),
        ...(quotes?.items ?? []).map((q) => ({
          kind: 'quoteExpiring' as const,
          id: q.id,
          href: recordPaths.quote(q.id),
          text: expiringText(
            q.number,
            q.expand?.customer?.name,
            daysBetween(today, isoDate(q.expiry_date)),
          ),
        })),
      ]
      const overdueCount = invoices?.totalItems ?? 0
      const expiringCount = quotes?.totalItems ?? 0
      return { count: overdueCount + expiringCount, overdueCount, expiringCount, items }
    },
  })

import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { paths, recordPaths } from '@/config/paths'
import { formatDate, formatMoney } from '@/billing/format'
import type { Dashboard } from '../api/dashboard'
import { dueIn, expiresIn } from '../words'
import { useT } from '@/lib/i18n'
import { richText } from '@/lib/i18n/rich'

/** The four lists of things to act on, five rows each, every row opening its record. */
export function ActionLists({ data }: { data: Dashboard }) {
  const t = useT()
  const money = (cents: number) => formatMoney(cents, data.currency)
  const { overdue, due_soon, recent_payments, awaiting_quotes } = data.lists
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ActionList
        id="overdue"
        title={t('dashboard.lists.overdue.title')}
        empty={t('dashboard.lists.overdue.empty')}
        all={recordPaths.listWith(paths.invoices, '?status=overdue')}
        allLabel={t('dashboard.lists.overdue.all')}
      >
        {overdue.map((r) => (
          <Row
            key={r.id}
            href={recordPaths.invoice(r.id)}
            number={r.number}
            who={r.customer_name}
            amount={money(r.balance_cents)}
            when={t('dashboard.lists.overdue.when', { days: r.days_overdue })}
            urgent
          />
        ))}
      </ActionList>
      <ActionList
        id="due-soon"
        title={t('dashboard.lists.dueSoon.title')}
        empty={t('dashboard.lists.dueSoon.empty')}
        all={recordPaths.listWith(paths.invoices, '?status=outstanding&sort=due_date')}
        allLabel={t('dashboard.lists.dueSoon.all')}
      >
        {due_soon.map((r) => (
          <Row
            key={r.id}
            href={recordPaths.invoice(r.id)}
            number={r.number}
            who={r.customer_name}
            amount={money(r.balance_cents)}
            when={
              <>
                {dueIn(-r.days_overdue)} · <bdi>{formatDate(r.due_date)}</bdi>
              </>
            }
          />
        ))}
      </ActionList>
      <ActionList
        id="recent-payments"
        title={t('dashboard.lists.payments.title')}
        empty={t('dashboard.lists.payments.empty')}
        all={paths.payments}
        allLabel={t('dashboard.lists.payments.all')}
      >
        {recent_payments.map((r) => (
          <Row
            key={r.id}
            href={recordPaths.invoice(r.invoice)}
            number={r.invoice_number}
            who={r.customer_name}
            amount={money(r.amount_cents)}
            when={richText(t, 'dashboard.lists.payments.when', {
              date: <bdi>{formatDate(r.date)}</bdi>,
            })}
          />
        ))}
      </ActionList>
      <ActionList
        id="awaiting-quotes"
        title={t('dashboard.lists.quotes.title')}
        empty={t('dashboard.lists.quotes.empty')}
        all={recordPaths.listWith(paths.quotes, '?status=open')}
        allLabel={t('dashboard.lists.quotes.all')}
      >
        {awaiting_quotes.map((r) => (
          <Row
            key={r.id}
            href={recordPaths.quote(r.id)}
            number={r.number}
            who={r.customer_name}
            amount={money(r.total_cents)}
            when={expiresIn(r.days_to_expiry)}
          />
        ))}
      </ActionList>
    </div>
  )
}

function ActionList({
  id,
  title,
  empty,
  all,
  allLabel,
  children,
}: {
  id: string
  title: string
  empty: string
  all: string
  allLabel: string
  children: ReactNode[]
}) {
  const headingId = `${id}-heading`
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={headingId} className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <PreloadLink
            href={all}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {allLabel}
          </PreloadLink>
        </div>
        {children.length ? (
          <ul className="-mx-2 grid">{children}</ul>
        ) : (
          <p className="text-sm text-muted-foreground">{empty}</p>
        )}
      </section>
    </Card>
  )
}

function Row({
  href,
  number,
  who,
  amount,
  when,
  urgent,
}: {
  href: string
  number: string
  who: string
  amount: string
  when: ReactNode
  urgent?: boolean
}) {
  return (
    <li>
      <PreloadLink
        href={href}
        className="flex items-start justify-between gap-3 rounded-md px-2 py-2 hover:bg-muted"
      >
        <span className="grid min-w-0">
          <span className="font-medium whitespace-nowrap">
            <bdi>{number}</bdi>
          </span>
          <span className="text-sm break-words text-muted-foreground">
            <bdi>{who}</bdi>
          </span>
        </span>
        <span className="grid text-end">
          <span className="font-medium whitespace-nowrap tabular-nums">
            <bdi>{amount}</bdi>
          </span>
          <span className={urgent ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
            <bdi>{when}</bdi>
          </span>
        </span>
      </PreloadLink>
    </li>
  )
}

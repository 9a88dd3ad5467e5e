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
type InvoiceRow = Dashboard['lists']['overdue'][number]

/** The four lists of things to act on, five rows each, every row opening its record. */
export function ActionLists({ data }: { data: Dashboard }) {
  const t = useT()
  const money = (cents: number) => formatMoney(cents, data.currency)
  const { overdue, due_soon, recent_payments, awaiting_quotes } = data.lists
  const invoiceRow = (r: InvoiceRow, when: ReactNode, urgent?: boolean): RowProps => ({
    key: r.id,
    href: recordPaths.invoice(r.id),
    number: r.number,
    who: r.customer_name,
    amount: money(r.balance_cents),
    when,
    urgent,
  })
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ActionList
        id="overdue"
        words="overdue"
        all={recordPaths.listWith(paths.invoices, '?status=overdue')}
        rows={overdue.map((r) =>
          invoiceRow(r, t('dashboard.lists.overdue.when', { days: r.days_overdue }), true),
        )}
      />
      <ActionList
        id="due-soon"
        words="dueSoon"
        all={recordPaths.listWith(paths.invoices, '?status=outstanding&sort=due_date')}
        rows={due_soon.map((r) =>
          invoiceRow(
            r,
            <>
              {dueIn(-r.days_overdue)} · <bdi>{formatDate(r.due_date)}</bdi>
            </>,
          ),
        )}
      />
      <ActionList
        id="recent-payments"
        words="payments"
        all={paths.payments}
        rows={recent_payments.map((r) => ({
          key: r.id,
          href: recordPaths.invoice(r.invoice),
          number: r.invoice_number,
          who: r.customer_name,
          amount: money(r.amount_cents),
          when: richText(t, 'dashboard.lists.payments.when', {
            date: <bdi>{formatDate(r.date)}</bdi>,
          }),
        }))}
      />
      <ActionList
        id="awaiting-quotes"
        words="quotes"
        all={recordPaths.listWith(paths.quotes, '?status=open')}
        rows={awaiting_quotes.map((r) => ({
          key: r.id,
          href: recordPaths.quote(r.id),
          number: r.number,
          who: r.customer_name,
          amount: money(r.total_cents),
          when: expiresIn(r.days_to_expiry),
        }))}
      />
    </div>
  )
}

/** A list's title, its "see all" link and what it says when empty: `dashboard.lists.<words>.*`. */
type ListWords = 'overdue' | 'dueSoon' | 'payments' | 'quotes'

function ActionList({
  id,
  words,
  all,
  rows,
}: {
  id: string
  words: ListWords
  all: string
  rows: RowProps[]
}) {
  const t = useT()
  const headingId = `${id}-heading`
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={headingId} className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {t(`dashboard.lists.${words}.title`)}
          </h2>
          <PreloadLink
            href={all}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {t(`dashboard.lists.${words}.all`)}
          </PreloadLink>
        </div>
        {rows.length ? (
          <ul className="-mx-2 grid">
            {rows.map(({ key, ...row }) => (
              <Row key={key} {...row} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t(`dashboard.lists.${words}.empty`)}</p>
        )}
      </section>
    </Card>
  )
}

interface RowProps {
  key: string
  href: string
  number: string
  who: string
  amount: string
  when: ReactNode
  urgent?: boolean
}

function Row({ href, number, who, amount, when, urgent }: Omit<RowProps, 'key'>) {
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

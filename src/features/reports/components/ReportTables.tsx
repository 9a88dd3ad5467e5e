import { Fragment, type ReactNode } from 'react'
import { AGING_LABELS } from '@/billing/aging'
import { formatDate, formatMoney } from '@/billing/format'
import type { AgingReport, ProfitReport, VATReport } from '@/billing/reports'
import { HeadCells } from '@/components/ui/head-cells'
import { PreloadLink } from '@/components/ui/preload-link'
import { recordPaths } from '@/config/paths'
import { useT } from '@/lib/i18n'
import { rateText } from '../words'

const th = 'px-3 py-2 text-start font-medium'
const thEnd = 'px-3 py-2 text-end font-medium'
const td = 'px-3 py-2'
const tdEnd = 'px-3 py-2 text-end whitespace-nowrap tabular-nums'
const table = 'w-full text-sm'
const frame = 'overflow-x-auto rounded-xl border border-border'

const Money = ({ cents, currency }: { cents: number; currency: string }) => (
  <bdi>{formatMoney(cents, currency)}</bdi>
)

/** Each currency's part of a report, or the sentence that there is none. */
function PerCurrency<C extends { currency: string }>({
  currencies,
  empty,
  children,
}: {
  currencies: readonly C[]
  empty: string
  children: (c: C) => ReactNode
}) {
  if (currencies.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>
  return (
    <div className="grid gap-6">
      {currencies.map((c) => (
        <Fragment key={c.currency}>{children(c)}</Fragment>
      ))}
    </div>
  )
}

/** One currency's table: named by the currency, with its column headings. */
function CurrencyTable({
  currency,
  head,
  children,
}: {
  currency: string
  head: ReadonlyArray<readonly [string, string]>
  children: ReactNode
}) {
  return (
    <div className={frame}>
      <table className={table}>
        <caption className="px-3 py-2 text-start font-semibold">{currency}</caption>
        <thead className="bg-muted/50">
          <tr>
            <HeadCells cells={head} />
          </tr>
        </thead>
        {children}
      </table>
    </div>
  )
}

/** Per currency and rate: the VAT collected, paid, the difference, and what to pay or get back. */
export function VatTables({ report }: { report: VATReport }) {
  const t = useT()
  return (
    <PerCurrency currencies={report.currencies} empty={t('reports.empty')}>
      {(c) => (
        <div className="grid gap-2">
          <CurrencyTable
            currency={c.currency}
            head={[
              [t('reports.vat.rate'), th],
              [t('reports.vat.collectedNet'), thEnd],
              [t('reports.vat.collected'), thEnd],
              [t('reports.vat.paidNet'), thEnd],
              [t('reports.vat.paid'), thEnd],
              [t('reports.vat.difference'), thEnd],
            ]}
          >
            <tbody>
              {c.rows.map((r) => (
                <tr key={r.rate} className="border-t border-border">
                  <th scope="row" className={`${td} text-start font-normal whitespace-nowrap`}>
                    {rateText(t, r.rate)}
                  </th>
                  <td className={tdEnd}>
                    <Money cents={r.collected_net_cents} currency={c.currency} />
                  </td>
                  <td className={tdEnd}>
                    <Money cents={r.collected_vat_cents} currency={c.currency} />
                  </td>
                  <td className={tdEnd}>
                    <Money cents={r.paid_net_cents} currency={c.currency} />
                  </td>
                  <td className={tdEnd}>
                    <Money cents={r.paid_vat_cents} currency={c.currency} />
                  </td>
                  <td className={tdEnd}>
                    <Money cents={r.difference_cents} currency={c.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-border font-semibold">
                <th scope="row" className={`${td} text-start`}>
                  {t('reports.vat.total')}
                </th>
                <td className={tdEnd} />
                <td className={tdEnd}>
                  <Money cents={c.collected_vat_cents} currency={c.currency} />
                </td>
                <td className={tdEnd} />
                <td className={tdEnd}>
                  <Money cents={c.paid_vat_cents} currency={c.currency} />
                </td>
                <td className={tdEnd}>
                  <Money cents={c.difference_cents} currency={c.currency} />
                </td>
              </tr>
            </tfoot>
          </CurrencyTable>
          <p className="font-medium">
            <bdi>
              {c.difference_cents > 0
                ? t('reports.vat.toPay', { amount: formatMoney(c.difference_cents, c.currency) })
                : c.difference_cents < 0
                  ? t('reports.vat.toGetBack', {
                      amount: formatMoney(-c.difference_cents, c.currency),
                    })
                  : t('reports.vat.even')}
            </bdi>
          </p>
        </div>
      )}
    </PerCurrency>
  )
}

/** Per currency: income, expenses by category, profit. */
export function ProfitTables({ report }: { report: ProfitReport }) {
  const t = useT()
  return (
    <PerCurrency currencies={report.currencies} empty={t('reports.empty')}>
      {(c) => {
        const rows: Array<[string, number, boolean]> = [
          [t('reports.profit.invoiced'), c.invoiced_cents, false],
          [t('reports.profit.credited'), -c.credited_cents, false],
          [t('reports.profit.income'), c.income_cents, true],
          ...c.expenses.map((e): [string, number, boolean] => [
            e.category || t('reports.profit.uncategorised'),
            -e.net_cents,
            false,
          ]),
          [t('reports.profit.expenses'), -c.expenses_cents, true],
        ]
        return (
          <CurrencyTable
            currency={c.currency}
            head={[
              [t('reports.profit.item'), th],
              [t('reports.profit.amount'), thEnd],
            ]}
          >
            <tbody>
              {rows.map(([label, cents, strong], i) => (
                <tr key={`${i}-${label}`} className="border-t border-border">
                  <th
                    scope="row"
                    className={`${td} text-start ${strong ? 'font-semibold' : 'font-normal'}`}
                  >
                    <bdi>{label}</bdi>
                  </th>
                  <td className={`${tdEnd} ${strong ? 'font-semibold' : ''}`}>
                    <Money cents={cents} currency={c.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-border font-semibold">
                <th scope="row" className={`${td} text-start`}>
                  {t('reports.profit.profit')}
                </th>
                <td className={tdEnd}>
                  <Money cents={c.profit_cents} currency={c.currency} />
                </td>
              </tr>
            </tfoot>
          </CurrencyTable>
        )
      }}
    </PerCurrency>
  )
}

/** Per currency: the five buckets, each with the invoices behind it. */
export function AgingTables({ report }: { report: AgingReport }) {
  const t = useT()
  return (
    <PerCurrency currencies={report.currencies} empty={t('reports.aging.empty')}>
      {(c) => (
        <CurrencyTable
          currency={c.currency}
          head={[
            [t('reports.aging.invoice'), th],
            [t('reports.aging.customer'), `${th} hidden sm:table-cell`],
            [t('reports.aging.due'), `${th} hidden md:table-cell`],
            [t('reports.aging.balance'), thEnd],
          ]}
        >
          {c.buckets.map((b) => (
            <tbody key={b.bucket}>
              <tr className="border-t border-border bg-muted/30">
                <th scope="rowgroup" colSpan={3} className={`${td} text-start font-semibold`}>
                  {t(AGING_LABELS[b.bucket])}{' '}
                  <span className="font-normal text-muted-foreground">
                    ({t('reports.aging.count', { count: b.invoices.length })})
                  </span>
                </th>
                <td className={`${tdEnd} font-semibold`}>
                  <Money cents={b.cents} currency={c.currency} />
                </td>
              </tr>
              {b.invoices.map((i) => (
                <tr key={i.id} className="border-t border-border">
                  <td className={td}>
                    <PreloadLink
                      href={recordPaths.invoice(i.id)}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <bdi>{i.number}</bdi>
                    </PreloadLink>
                  </td>
                  <td className={`${td} hidden break-words sm:table-cell`}>
                    <bdi>{i.customer_name}</bdi>
                  </td>
                  <td className={`${td} hidden whitespace-nowrap md:table-cell`}>
                    {formatDate(i.due_date)}
                  </td>
                  <td className={tdEnd}>
                    <Money cents={i.balance_cents} currency={c.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr className="border-t-2 border-border font-semibold">
              <th scope="row" colSpan={3} className={`${td} text-start`}>
                {t('reports.aging.total')}
              </th>
              <td className={tdEnd}>
                <Money cents={c.total_cents} currency={c.currency} />
              </td>
            </tr>
          </tfoot>
        </CurrencyTable>
      )}
    </PerCurrency>
  )
}

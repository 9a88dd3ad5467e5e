import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { HeadCells } from '@/components/ui/head-cells'
import { EmptyState } from '@/components/ui/card'
import { buttonClass } from '@/components/ui/button'
import { PreloadLink } from '@/components/ui/preload-link'
import { recordPaths } from '@/config/paths'
import { formatDate, formatMoney } from '@/billing/format'
import { computeTotals } from '@/billing/money/totals'
import { useT } from '@/lib/i18n'
import { frequencyText, stateOf, templateName, templatesQuery, type Template } from './api'
import { StateBadge } from './StateBadge'
import { WriteOnly } from '@/components/ui/role-note'

/** The template's total per invoice, in its customer's currency. */
export function templateTotal(tpl: Template): string {
  const currency = tpl.expand?.customer?.currency ?? 'EUR'
  try {
    return formatMoney(
      computeTotals(tpl.items ?? [], tpl.discount_percent ?? 0).total_cents,
      currency,
    )
  } catch {
    return '—'
  }
}

/** /recurring: every template, with how often, what's next and its state. */
export default function RecurringListPage() {
  const t = useT()
  const list = useQuery(templatesQuery())
  const newButton = (
    <WriteOnly>
      <PreloadLink href={recordPaths.recurringNew} className={buttonClass('primary')}>
        <Plus className="size-4" aria-hidden />
        {t('recurring.list.new')}
      </PreloadLink>
    </WriteOnly>
  )
  return (
    <>
      <PageHeader
        title={t('recurring.list.title')}
        description={t('recurring.list.description')}
        actions={newButton}
      />
      {!list.data ? (
        <p role="status">{list.isError ? t('recurring.list.failed') : t('recurring.loading')}</p>
      ) : list.data.length === 0 ? (
        <EmptyState title={t('recurring.list.emptyTitle')}>
          {t('recurring.list.emptyBody')}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-start">
              <tr>
                <HeadCells
                  cells={[
                    [t('recurring.column.name'), 'px-3 py-2 text-start font-medium'],
                    [
                      t('recurring.column.frequency'),
                      'hidden px-3 py-2 text-start font-medium md:table-cell',
                    ],
                    [t('recurring.column.next'), 'px-3 py-2 text-start font-medium'],
                    [
                      t('recurring.column.amount'),
                      'hidden px-3 py-2 text-end font-medium sm:table-cell',
                    ],
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {list.data.map((tpl) => (
                <tr key={tpl.id} className="border-t border-border">
                  <td className="px-3 py-2">
                    <PreloadLink
                      href={recordPaths.recurring(tpl.id)}
                      className="font-medium break-words underline-offset-4 hover:underline"
                    >
                      <bdi>{templateName(tpl)}</bdi>
                    </PreloadLink>
                    <div className="text-xs text-muted-foreground md:hidden">
                      {frequencyText(t, tpl)}
                    </div>
                    {tpl.last_error ? (
                      <div className="text-xs text-destructive">{t('recurring.list.failing')}</div>
                    ) : null}
                  </td>
                  <td className="hidden px-3 py-2 md:table-cell">{frequencyText(t, tpl)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {stateOf(tpl) === 'active' ? (
                      formatDate(tpl.next_date)
                    ) : (
                      <StateBadge state={stateOf(tpl)} />
                    )}
                  </td>
                  <td className="hidden px-3 py-2 text-end whitespace-nowrap tabular-nums sm:table-cell">
                    <bdi>{templateTotal(tpl)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

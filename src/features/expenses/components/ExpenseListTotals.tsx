import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { FULL_LIST_BATCH } from '@/config/constants'
import { listFilter, listSpecs, type ListState } from '@/billing/list-state'
import { formatMoney } from '@/billing/format'
import type { Expense } from '@/billing/types'
import { scopedFilter } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'
import { useT } from '@/lib/i18n'
import { totalsByCurrency } from '../data/totals'

const spec = listSpecs.expenses
type Amounts = Pick<Expense, 'currency' | 'net_cents' | 'vat_cents' | 'total_cents'>

/**
 * What the listed expenses come to (the search, tab and period applied; every page), per
 * currency: the total and the VAT in it.
 */
export function ExpenseListTotals({ state }: { state: ListState }) {
  const t = useT()
  const { q, status, from, to } = state
  const sums = useQuery({
    queryKey: ['records', 'expenses', 'totals', { q, status, from, to }] as const,
    queryFn: async () => {
      const pb = await loadPb()
      const f = listFilter(spec, state)
      const rows = await pb.collection('expenses').getFullList<Amounts>({
        batch: FULL_LIST_BATCH,
        filter: scopedFilter(pb, f.expr, f.params),
        fields: 'currency,net_cents,vat_cents,total_cents',
      })
      return totalsByCurrency(rows)
    },
    placeholderData: keepPreviousData,
  })
  if (!sums.data?.length) return null
  return (
    <section aria-label={t('expenses.totals.title')} className="mb-4 flex flex-wrap gap-3">
      {sums.data.map((s) => (
        <div key={s.currency} className="rounded-md border border-border px-3 py-2 text-sm">
          <div className="font-semibold tabular-nums">
            <bdi>{formatMoney(s.total_cents, s.currency)}</bdi>
          </div>
          <div className="text-muted-foreground">
            {t('expenses.totals.vatIn', {
              vat: formatMoney(s.vat_cents, s.currency),
              count: s.count,
            })}
          </div>
        </div>
      ))}
    </section>
  )
}

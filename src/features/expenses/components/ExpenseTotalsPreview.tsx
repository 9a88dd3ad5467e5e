import { formatMoney } from '@/billing/format'
import { useT } from '@/lib/i18n'
import { previewExpense } from '../data/preview'
import { toVatLineBody, type VatLineBody, type VatLineInput } from '../data/schema'

/** What the typed lines come to (net, VAT, total), as the server will compute it. */
export function ExpenseTotalsPreview({
  lines,
  currency,
}: {
  lines: readonly VatLineInput[]
  currency: string
}) {
  const t = useT()
  const bodies = lines.map((l) => toVatLineBody(l, currency))
  const ready = bodies.every((b): b is VatLineBody => b !== null)
  const p = ready ? previewExpense(bodies, currency) : null
  const money = (cents: number) => (
    <bdi className="tabular-nums">{formatMoney(cents, currency)}</bdi>
  )
  return (
    <dl
      aria-live="polite"
      className="grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 justify-self-end text-sm"
    >
      <dt>{t('expenses.column.net')}</dt>
      <dd className="text-end">{p ? money(p.net_cents) : '—'}</dd>
      <dt>{t('expenses.column.vat')}</dt>
      <dd className="text-end">{p ? money(p.vat_cents) : '—'}</dd>
      <dt className="font-semibold">{t('expenses.column.total')}</dt>
      <dd className="text-end font-semibold">{p ? money(p.total_cents) : '—'}</dd>
    </dl>
  )
}

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { currencyDigits, formatMoney } from '@/billing/format'
import type { MonthFigures } from '../api/dashboard'
import { monthLabel } from '../words'
import { intlLocale, useLocale, useT } from '@/lib/i18n'
import { usePreferences } from '@/lib/use-preferences'

/**
 * The bars of invoiced vs collected. Loaded on its own (React.lazy) so recharts stays out of
 * every other chunk and the KPI cards paint first. Decorative for assistive technology: the
 * section around it carries the same figures as a table.
 */
export default function MonthlyChart({
  months,
  currency,
}: {
  months: MonthFigures[]
  currency: string
}) {
  const t = useT()
  const locale = intlLocale(useLocale())
  // Right to left, the chart is mirrored: months run from the right, the amounts stand on the right.
  const rtl = usePreferences().direction === 'rtl'
  const rows = months.map((m) => ({
    label: monthLabel(m.month, locale),
    invoiced: m.invoiced_cents,
    collected: m.collected_cents,
  }))
  const digits = currencyDigits(currency)
  const compact = (cents: number) => {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        notation: 'compact',
        maximumFractionDigits: 1,
      }).format(cents / 10 ** digits)
    } catch {
      return String(cents / 10 ** digits)
    }
  }
  return (
    <div aria-hidden className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          accessibilityLayer={false}
          margin={{ top: 8, right: rtl ? 0 : 8, bottom: 0, left: rtl ? 8 : 0 }}
        >
          <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
            interval="preserveStartEnd"
            reversed={rtl}
          />
          <YAxis
            tickFormatter={(v: number) => compact(v)}
            tickLine={false}
            axisLine={false}
            width={72}
            orientation={rtl ? 'right' : 'left'}
            // SVG anchors follow the text's direction: "end" is the left edge right to left, so the
            // labels grow away from the bars on either side.
            tick={{ fill: 'var(--muted-foreground)', fontSize: 12, textAnchor: 'end' }}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            formatter={(value) => formatMoney(Number(value), currency)}
            contentStyle={{
              background: 'var(--card)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--foreground)',
            }}
          />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="invoiced"
            name={t('dashboard.figures.invoiced')}
            fill="var(--primary)"
            radius={[4, 4, 0, 0]}
          />
          <Bar
            dataKey="collected"
            name={t('dashboard.figures.collected')}
            fill="#16a34a"
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}

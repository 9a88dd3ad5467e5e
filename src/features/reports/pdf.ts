import type { PdfTable } from '@/billing/pdf/table'
import type { AgingReport, ProfitReport, VATReport } from '@/billing/reports'
import { AGING_LABELS } from '@/billing/aging'
import { formatDate, formatMoney } from '@/billing/format'
import type { Translate } from '@/lib/i18n'
import { rateText } from './words'

/** The VAT report's tables, one per currency. */
export const vatTables = (t: Translate, r: VATReport): PdfTable[] =>
  r.currencies.map((c) => ({
    heading: c.currency,
    columns: [
      t('reports.vat.rate'),
      t('reports.vat.collectedNet'),
      t('reports.vat.collected'),
      t('reports.vat.paidNet'),
      t('reports.vat.paid'),
      t('reports.vat.difference'),
    ],
    numeric: [1, 2, 3, 4, 5],
    rows: [
      ...c.rows.map((row) => [
        rateText(t, row.rate),
        formatMoney(row.collected_net_cents, c.currency),
        formatMoney(row.collected_vat_cents, c.currency),
        formatMoney(row.paid_net_cents, c.currency),
        formatMoney(row.paid_vat_cents, c.currency),
        formatMoney(row.difference_cents, c.currency),
      ]),
      [
        t('reports.vat.total'),
        '',
        formatMoney(c.collected_vat_cents, c.currency),
        '',
        formatMoney(c.paid_vat_cents, c.currency),
        formatMoney(c.difference_cents, c.currency),
      ],
    ],
  }))

/** The profit and loss' tables, one per currency. */
export const profitTables = (t: Translate, r: ProfitReport): PdfTable[] =>
  r.currencies.map((c) => ({
    heading: c.currency,
    columns: [t('reports.profit.item'), t('reports.profit.amount')],
    numeric: [1],
    rows: [
      [t('reports.profit.invoiced'), formatMoney(c.invoiced_cents, c.currency)],
      [t('reports.profit.credited'), formatMoney(-c.credited_cents, c.currency)],
      [t('reports.profit.income'), formatMoney(c.income_cents, c.currency)],
      ...c.expenses.map((e) => [
        e.category || t('reports.profit.uncategorised'),
        formatMoney(-e.net_cents, c.currency),
      ]),
      [t('reports.profit.expenses'), formatMoney(-c.expenses_cents, c.currency)],
      [t('reports.profit.profit'), formatMoney(c.profit_cents, c.currency)],
    ],
  }))

/** The aging's tables, one per currency: every open invoice, bucket by bucket. */
export const agingTables = (t: Translate, r: AgingReport): PdfTable[] =>
  r.currencies.map((c) => ({
    heading: c.currency,
    columns: [
      t('reports.aging.bucket'),
      t('reports.aging.invoice'),
      t('reports.aging.customer'),
      t('reports.aging.due'),
      t('reports.aging.balance'),
    ],
    numeric: [4],
    rows: [
      ...c.buckets.flatMap((b) =>
        b.invoices.map((i) => [
          t(AGING_LABELS[b.bucket]),
          i.number,
          i.customer_name,
          formatDate(i.due_date),
          formatMoney(i.balance_cents, c.currency),
        ]),
      ),
      [t('reports.aging.total'), '', '', '', formatMoney(c.total_cents, c.currency)],
    ],
  }))

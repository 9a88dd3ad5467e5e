import { getIntlLocale, type Translate } from '@/lib/i18n'

/** A VAT rate as the reports show it: "19 %", "8.1 %". */
export const rateText = (t: Translate, rate: number): string =>
  t('reports.vat.ratePercent', {
    rate: new Intl.NumberFormat(getIntlLocale(), { maximumFractionDigits: 3 }).format(rate),
  })

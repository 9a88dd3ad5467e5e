import { currencyDigits, formatMoney } from '@/billing/format'
import { hasMessage, type Translate } from '@/lib/i18n'
import type { InboundDocument, Problem } from './data'

/** The params of a problem that are amounts (decimal strings in the invoice's currency). */
const AMOUNTS = new Set(['sum', 'total', 'net', 'expected', 'tax', 'gross', 'payable'])

/**
 * A decimal amount as the invoice gives it ("119.00"), formatted in its currency; "" stays ""
 * and what is not a number is shown as written.
 */
export function money(value: string, currency: string): string {
  if (value.trim() === '') return ''
  const n = Number(value)
  if (!Number.isFinite(n) || !/^[A-Z]{3}$/.test(currency)) return value
  return formatMoney(Math.round(n * 10 ** currencyDigits(currency)), currency)
}

/** A problem's field as words ("invoice number"), or the field as it is when unknown. */
function fieldWords(field: unknown, t: Translate): string {
  const key = `inbound.field.${String(field)}`
  return hasMessage(key) ? t(key) : String(field ?? '')
}

/** A problem the check found, as a sentence in the person's language. */
export function problemText(p: Problem, t: Translate): string {
  const currency = String(p.params?.currency ?? '')
  const values: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(p.params ?? {})) {
    values[k] = AMOUNTS.has(k) && typeof v === 'string' ? money(v, currency) : v
  }
  if ('field' in values) values.field = fieldWords(values.field, t)
  const key = `inbound.problem.${p.code}`
  return hasMessage(key) ? t(key, values) : p.code
}

/** The format's name: the CIUS the specification identifier names, else the syntax. */
export function formatName(d: InboundDocument, t: Translate): string {
  const spec = d.specification.toLowerCase()
  if (d.format === 'facturx') return t('inbound.format.facturx')
  if (spec.includes('xrechnung')) return t('inbound.format.xrechnung')
  if (spec.includes('peppol')) return t('inbound.format.peppol')
  return d.format === 'cii' ? t('inbound.format.cii') : t('inbound.format.ubl')
}

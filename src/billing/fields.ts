import * as v from 'valibot'
import { getIntlLocale, t, type MessageKey, type MessageValues } from '@/lib/i18n'
import { MAX_LINES, MAX_QUANTITY, MAX_UNIT_PRICE_CENTS } from './money/totals'
import { amountProblem, formatMoney, parseMajor } from './format'

/**
 * A form message read when the check fails, so it is in the language the interface speaks then
 * (schemas are made once, often at module level).
 */
export const message =
  (key: MessageKey, values?: MessageValues): (() => string) =>
  () =>
    t(key, values)

/** A typed percentage (0–100, at most 2 decimals, empty allowed), e.g. a tax rate or discount. */
export const percentText = (what: 'discount' | 'taxRate') =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (s) => s === '' || (/^\d+(\.\d{1,2})?$/.test(s) && Number(s) <= 100),
      message('billing.field.percent', { what }),
    ),
  )

/** Typed payment terms in whole days (0–365, the server's limit), as a number. */
export const termsDaysText = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => /^\d+$/.test(s) && Number(s) <= 365, message('billing.field.termsDays')),
  v.transform(Number),
)

/** An ISO 4217 code chosen from a list. */
export const currencyCode = v.pipe(
  v.string(),
  v.regex(/^[A-Z]{3}$/, message('billing.field.currency')),
)

/** A number as the interface writes it (100,000 · 100.000 · 100 000). */
const localNumber = (n: number) => new Intl.NumberFormat(getIntlLocale()).format(n)

/**
 * A line's typed quantity: above 0, at most 3 decimals; beyond the server's limit the message
 * says the limit ("at most 100,000").
 */
export const quantityText = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => /^\d+(\.\d{1,3})?$/.test(s) && Number(s) > 0, message('billing.form.quantity')),
  v.check(
    (s) => Number(s) <= MAX_QUANTITY,
    () => t('billing.form.quantityMax', { max: localNumber(MAX_QUANTITY) }),
  ),
)

/**
 * What is wrong with a line's typed unit price in `currency`, or null: written as the currency
 * allows (`example` shows how), and at most the server's limit, which the message says.
 */
export function linePriceProblem(typed: string, currency: string, example: string): string | null {
  const cents = parseMajor(typed, currency)
  if (cents === null)
    return (
      amountProblem(typed, currency, example, 'price') ??
      t('billing.amount.enterPrice', { example })
    )
  if (cents > MAX_UNIT_PRICE_CENTS)
    return t('billing.form.priceMax', { amount: formatMoney(MAX_UNIT_PRICE_CENTS, currency) })
  return null
}

/** A line's description: required, at most 1,000 characters (the server's limit). */
export const lineDescriptionText = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(message('billing.form.describeLine')),
  v.maxLength(1000, message('billing.field.maxChars', { max: 1000 })),
)

/** A document's lines, each checked by `line`: at least one, at most the server's limit. */
export const linesOf = <S extends v.GenericSchema>(line: S) =>
  v.pipe(
    v.array(line),
    v.minLength(1, message('billing.form.minLines')),
    v.maxLength(MAX_LINES, message('billing.form.maxLines', { max: MAX_LINES })),
  )

import * as v from 'valibot'
import { t, type MessageKey, type MessageValues } from '@/lib/i18n'

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

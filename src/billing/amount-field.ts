import * as v from 'valibot'
import { amountProblem, formatMoney, parseMajor, toInputAmount } from '@/billing/format'
import { message } from '@/billing/fields'
import { t as translate, type MessageKey } from '@/lib/i18n'

/**
 * The rules of an amount typed in a money dialog (payment, refund, applied credit): required,
 * written as the currency allows, then at least one minor unit and at most `maxCents`. It
 * yields the amount in minor units. The server checks the same limits again.
 */
export function amountField(
  currency: string,
  maxCents: number,
  keys: { required: MessageKey; max: MessageKey },
) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(message(keys.required)),
    v.rawCheck(({ dataset, addIssue }) => {
      const problem = dataset.typed
        ? amountProblem(dataset.value, currency, toInputAmount(12050, currency))
        : null
      if (problem) addIssue({ message: problem })
    }),
    v.transform((s) => parseMajor(s, currency) ?? 0),
    v.minValue(1, () =>
      translate('billing.paymentDialog.amountMin', { amount: formatMoney(1, currency) }),
    ),
    v.maxValue(maxCents, () => translate(keys.max, { amount: formatMoney(maxCents, currency) })),
  )
}

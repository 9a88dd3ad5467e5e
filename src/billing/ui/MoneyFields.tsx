import { Field } from '@/components/ui/field'
import { SelectField } from '@/components/ui/inputs'
import { PAYMENT_METHODS, methodLabel } from '@/billing/types'
import { useT, type MessageKey } from '@/lib/i18n'

type Key = 'amount' | 'date' | 'method' | 'reference'

/**
 * An amount of money as it is typed: the decimal keypad, and a direction found from what is typed
 * (a number reads left to right in every language, "-5" keeps its sign in front).
 */
export function AmountField({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: string
  onChange: (e: { target: { value: string } }) => void
  error?: string
}) {
  return (
    <Field
      label={label}
      inputMode="decimal"
      dir="auto"
      value={value}
      onChange={onChange}
      error={error}
    />
  )
}

/**
 * The fields money moves with, in the payment and the refund dialogs alike: the amount in the
 * document's currency, the day, the method and the bank reference. Each dialog names them in its
 * own words (`labels`) and keeps the values in its own form.
 */
export function MoneyFields({
  currency,
  labels,
  values,
  set,
  errors,
  referenceHint,
}: {
  currency: string
  labels: Record<Key, MessageKey>
  values: Record<Key, string>
  set: (key: Key) => (e: { target: { value: string } }) => void
  errors: Partial<Record<string, string>>
  referenceHint?: string
}) {
  const t = useT()
  return (
    <>
      <AmountField
        label={t(labels.amount, { currency })}
        value={values.amount}
        onChange={set('amount')}
        error={errors.amount}
      />
      <Field
        label={t(labels.date)}
        type="date"
        value={values.date}
        onChange={set('date')}
        error={errors.date}
      />
      <SelectField
        label={t(labels.method)}
        value={values.method}
        onChange={set('method')}
        error={errors.method}
      >
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {methodLabel(m, t)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t(labels.reference)}
        dir="auto"
        value={values.reference}
        onChange={set('reference')}
        error={errors.reference}
        hint={referenceHint}
      />
    </>
  )
}

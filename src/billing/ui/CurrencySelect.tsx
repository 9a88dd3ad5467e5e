import type { ReactNode } from 'react'
import { SelectField } from '@/components/ui/inputs'
import { COMMON_CURRENCIES, currencyName } from '@/billing/currencies'
import { intlLocale, useLocale } from '@/lib/i18n'

/** A currency picker: the common ones, plus the current value when it is another ISO code. */
export function CurrencySelect({
  label,
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  label: string
  value: string
  onChange: (e: { target: { value: string } }) => void
  error?: string
  hint?: ReactNode
  disabled?: boolean
}) {
  const locale = intlLocale(useLocale())
  const codes: readonly string[] = COMMON_CURRENCIES
  const options = codes.includes(value) || !value ? codes : [value, ...codes]
  return (
    <SelectField
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
      disabled={disabled}
    >
      {options.map((c) => (
        <option key={c} value={c}>
          {c} — {currencyName(c, locale)}
        </option>
      ))}
    </SelectField>
  )
}

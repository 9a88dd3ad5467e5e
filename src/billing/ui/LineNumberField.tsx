import { Field } from '@/components/ui/field'

/**
 * A line's number (quantity, price, discount, tax rate) in the quote, invoice and recurring
 * editors: the decimal keypad, and a direction found from what is typed (a number alone reads
 * left to right in every language, "-5" keeps its sign in front). `ariaLabel` names the line.
 */
export function LineNumberField({
  label,
  ariaLabel,
  value,
  onChange,
  error,
}: {
  label: string
  ariaLabel: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
}) {
  return (
    <Field
      label={label}
      aria-label={ariaLabel}
      inputMode="decimal"
      dir="auto"
      className="min-w-0"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  )
}

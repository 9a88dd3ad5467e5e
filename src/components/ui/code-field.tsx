import { Field, type FieldProps } from './field'

/** What an authenticator app's code field keeps of what is typed or pasted: six digits. */
export const appCodeDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, 6)

/**
 * The six digits of an authenticator app: the numeric keypad, the one-time-code autofill, and
 * nothing kept but digits. `onCode` gets the digits each time they change.
 */
export function AppCodeField({
  code,
  onCode,
  ...rest
}: Omit<FieldProps, 'value' | 'onChange' | 'name'> & {
  code: string
  onCode: (digits: string) => void
}) {
  return (
    <Field
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      onChange={(e) => onCode(appCodeDigits(e.target.value))}
      {...rest}
    />
  )
}

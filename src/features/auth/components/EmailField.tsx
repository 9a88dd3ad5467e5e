import { Field } from '@/components/ui/field'
import { useT } from '@/lib/i18n'

/**
 * The account's email address, as sign-in, sign-up and the forgot-password form ask for it:
 * `autoComplete` says whether it names an existing account (username) or gives a new one.
 */
export function EmailField({
  error,
  autoComplete = 'email',
  autoFocus,
}: {
  error: string | undefined
  autoComplete?: 'email' | 'username'
  autoFocus?: boolean
}) {
  const t = useT()
  return (
    <Field
      label={t('auth.email')}
      name="email"
      type="email"
      autoComplete={autoComplete}
      placeholder={t('auth.emailPlaceholder')}
      error={error}
      autoFocus={autoFocus}
    />
  )
}

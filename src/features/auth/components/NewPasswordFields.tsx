import { useT } from '@/lib/i18n'
import { PASSWORD_MIN } from '../data/schemas'
import { PasswordField } from './PasswordField'

/**
 * A new password and its confirmation (`password`, `confirm`), as sign-up and a password reset
 * ask for them: the new one says how long it must be.
 */
export function NewPasswordFields({
  labels,
  errors,
}: {
  labels: { password: string; confirm: string }
  errors: Partial<Record<'password' | 'confirm', string>>
}) {
  const t = useT()
  return (
    <>
      <PasswordField
        label={labels.password}
        name="password"
        autoComplete="new-password"
        error={errors.password}
        hint={t('auth.password.hint', { min: PASSWORD_MIN })}
      />
      <PasswordField
        label={labels.confirm}
        name="confirm"
        autoComplete="new-password"
        error={errors.confirm}
      />
    </>
  )
}

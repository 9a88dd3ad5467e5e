import * as v from 'valibot'
import { t } from '@/lib/i18n'

// Messages are functions: they are read when a form is checked, in the interface's language.
const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(() => t('auth.validation.emailRequired')),
  v.email(() => t('auth.validation.emailInvalid')),
)

export const signInSchema = v.object({
  email,
  password: v.pipe(
    v.string(),
    v.nonEmpty(() => t('auth.validation.signInPassword')),
  ),
})

export const PASSWORD_MIN = 8
const PASSWORD_MAX = 71

const newPassword = v.pipe(
  v.string(),
  v.nonEmpty(() => t('auth.validation.passwordRequired')),
  v.minLength(PASSWORD_MIN, () => t('auth.validation.passwordMin', { min: PASSWORD_MIN })),
  v.maxLength(PASSWORD_MAX, () => t('auth.validation.passwordMax', { max: PASSWORD_MAX })),
)

export const signUpSchema = v.pipe(
  v.object({
    name: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(255, () => t('auth.validation.nameTooLong')),
    ),
    email,
    password: newPassword,
    confirm: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm']],
      (i) => i.password === i.confirm,
      () => t('auth.validation.passwordMismatch'),
    ),
    ['confirm'],
  ),
)

export const resetSchema = v.pipe(
  v.object({ password: newPassword, confirm: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm']],
      (i) => i.password === i.confirm,
      () => t('auth.validation.passwordMismatch'),
    ),
    ['confirm'],
  ),
)

export const emailSchema = v.object({ email })

export const otpSchema = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{6}$/, () => t('auth.validation.otp')),
  ),
})

export const backupCodeSchema = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(6, () => t('auth.validation.backupCode')),
  ),
})

import * as v from 'valibot'

const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter your email'),
  v.email('Please enter a valid email address'),
)

export const signInSchema = v.object({
  email,
  password: v.pipe(v.string(), v.nonEmpty('Please enter your password')),
})

export const PASSWORD_MIN = 8

const newPassword = v.pipe(
  v.string(),
  v.nonEmpty('Please enter a password'),
  v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`),
  v.maxLength(71, 'Password must be at most 71 characters long'),
)

export const signUpSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.trim(), v.maxLength(255, 'Name is too long')),
    email,
    password: newPassword,
    confirm: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm']],
      (i) => i.password === i.confirm,
      "Passwords don't match",
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
      "Passwords don't match",
    ),
    ['confirm'],
  ),
)

export const emailSchema = v.object({ email })

export const otpSchema = v.object({
  code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'Enter the 6-digit code from your app')),
})

export const backupCodeSchema = v.object({
  code: v.pipe(v.string(), v.trim(), v.minLength(6, 'Enter one of your backup codes')),
})

import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import * as v from 'valibot'
import { fieldMessages } from '@/lib/use-form'
import { notify } from '@/lib/toast'
import { Field } from '@/components/ui/field'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { mutationErrorMessage } from '@/lib/errors'
import type { AuthUser } from '@machines/auth/types'
import { changePassword } from '../api/account'

const schema = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string(), v.nonEmpty('Enter your current password')),
    password: v.pipe(
      v.string(),
      v.minLength(8, 'Password must be at least 8 characters long'),
      v.maxLength(71, 'Password must be at most 71 characters long'),
    ),
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

export function PasswordForm({ user }: { user: AuthUser }) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const change = useMutation({ mutationFn: changePassword, meta: { silent: true } })

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const formEl = e.currentTarget
    const parsed = v.safeParse(schema, Object.fromEntries(new FormData(formEl)))
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      return
    }
    setErrors({})
    change.mutate(
      { userId: user.id, email: user.email, ...parsed.output },
      {
        onSuccess: () => {
          formEl.reset()
          notify('success', 'Password changed. Other devices have been signed out.')
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      {change.isError ? <Alert>{mutationErrorMessage(change.error)}</Alert> : null}
      <Field
        label="Current password"
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        error={errors.oldPassword}
      />
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
      />
      <Field
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        error={errors.confirm}
      />
      <div>
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  )
}

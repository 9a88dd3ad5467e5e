import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Field } from '@/components/ui/field'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { selectError, selectIsBusy } from '@machines/auth/selectors'
import { AuthLayout } from './components/AuthLayout'
import { PasswordField } from './components/PasswordField'
import { PASSWORD_MIN, signUpSchema } from './data/schemas'
import { fieldMessages } from '@/lib/use-form'

export default function SignUpPage() {
  const auth = useAuthActor()
  const busy = useAuthSelector(selectIsBusy)
  const serverError = useAuthSelector(selectError)
  const [errors, setErrors] = useState<Record<string, string>>({})

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const parsed = v.safeParse(signUpSchema, Object.fromEntries(new FormData(e.currentTarget)))
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      return
    }
    setErrors({})
    const { name, email, password } = parsed.output
    auth.send({ type: 'user.register', name, email, password })
  }

  return (
    <AuthLayout
      title="Create an account"
      description="Start invoicing in a minute. Your name is optional."
      footer={
        <>
          Already have an account?{' '}
          <PreloadLink href="/sign-in" className="text-foreground underline underline-offset-4">
            Sign in
          </PreloadLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create an account">
        {serverError ? <Alert>{serverError}</Alert> : null}
        <Field label="Name" name="name" autoComplete="name" error={errors.name} hint="Optional" />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="name@example.com"
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          error={errors.password}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <PasswordField
          label="Confirm password"
          name="confirm"
          autoComplete="new-password"
          error={errors.confirm}
        />
        <Button type="submit" busy={busy}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  )
}

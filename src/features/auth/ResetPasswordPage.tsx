import { useState, type FormEvent } from 'react'
import { useSearch } from 'wouter'
import { useAsyncAction } from '@/lib/use-async'
import * as v from 'valibot'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { mutationErrorMessage } from '@/lib/errors'
import { AuthLayout } from './components/AuthLayout'
import { PasswordField } from './components/PasswordField'
import { confirmPasswordReset } from './api/account'
import { PASSWORD_MIN, resetSchema } from './data/schemas'
import { fieldMessages } from '@/lib/use-form'

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [reset, send] = useAsyncAction((password: string) => confirmPasswordReset(token, password))

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const parsed = v.safeParse(resetSchema, Object.fromEntries(new FormData(e.currentTarget)))
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      return
    }
    setErrors({})
    void send(parsed.output.password)
  }

  const footer = (
    <PreloadLink href="/sign-in" className="underline underline-offset-4">
      Back to sign in
    </PreloadLink>
  )
  if (!token) {
    return (
      <AuthLayout title="Reset password" footer={footer}>
        <Alert>This reset link is incomplete. Ask for a new one from “Forgot password”.</Alert>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title="Choose a new password" footer={footer}>
      {reset.status === 'success' ? (
        <div className="grid gap-4">
          <Alert tone="success">Your password has been changed. You can sign in with it now.</Alert>
          <PreloadLink href="/sign-in" className="text-sm underline underline-offset-4">
            Sign in
          </PreloadLink>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label="Choose a new password"
        >
          {reset.status === 'error' ? (
            <Alert>
              {mutationErrorMessage(reset.error)} The link may have expired: ask for a new one from
              “Forgot password”.
            </Alert>
          ) : null}
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            error={errors.password}
            hint={`At least ${PASSWORD_MIN} characters.`}
          />
          <PasswordField
            label="Confirm new password"
            name="confirm"
            autoComplete="new-password"
            error={errors.confirm}
          />
          <Button type="submit" busy={reset.status === 'pending'}>
            Set new password
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}

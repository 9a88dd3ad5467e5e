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
import { t as translate, useT } from '@/lib/i18n'

const schema = v.pipe(
  v.object({
    oldPassword: v.pipe(
      v.string(),
      v.nonEmpty(() => translate('settings.account.password.currentRequired')),
    ),
    password: v.pipe(
      v.string(),
      v.minLength(8, () => translate('settings.account.password.tooShort')),
      v.maxLength(71, () => translate('settings.account.password.tooLong')),
    ),
    confirm: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm']],
      (i) => i.password === i.confirm,
      () => translate('settings.account.password.mismatch'),
    ),
    ['confirm'],
  ),
)

export function PasswordForm({ user }: { user: AuthUser }) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const change = useMutation({ mutationFn: changePassword, meta: { silent: true } })
  const t = useT()

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
          notify('success', t('settings.account.password.changed'))
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        <bdi>{t('settings.account.password.title')}</bdi>
      </h2>
      {change.isError ? <Alert>{mutationErrorMessage(change.error)}</Alert> : null}
      {(
        [
          ['oldPassword', 'current', 'current-password'],
          ['password', 'new', 'new-password'],
          ['confirm', 'confirm', 'new-password'],
        ] as const
      ).map(([name, words, autoComplete]) => (
        <Field
          key={name}
          label={t(`settings.account.password.${words}`)}
          name={name}
          type="password"
          autoComplete={autoComplete}
          error={errors[name]}
        />
      ))}
      <div>
        <Button type="submit" busy={change.isPending}>
          {t('settings.account.password.submit')}
        </Button>
      </div>
    </form>
  )
}

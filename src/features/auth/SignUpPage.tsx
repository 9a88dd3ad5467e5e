import { Field } from '@/components/ui/field'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { selectError, selectIsBusy } from '@machines/auth/selectors'
import { AuthLayout } from './components/AuthLayout'
import { NewPasswordFields } from './components/NewPasswordFields'
import { signUpSchema } from './data/schemas'
import { useCheckedSubmit } from './data/use-checked-submit'
import { authText } from '@/lib/auth-text'
import { useT } from '@/lib/i18n'
import { EmailField } from './components/EmailField'

export default function SignUpPage() {
  const t = useT()
  const auth = useAuthActor()
  const busy = useAuthSelector(selectIsBusy)
  const serverError = useAuthSelector(selectError)

  const { errors, onSubmit } = useCheckedSubmit(
    async () => signUpSchema,
    ({ name, email, password }) => auth.send({ type: 'user.register', name, email, password }),
  )

  return (
    <AuthLayout
      title={t('auth.signUp.title')}
      description={t('auth.signUp.description')}
      footer={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <PreloadLink href="/sign-in" className="text-foreground underline underline-offset-4">
            {t('auth.signIn')}
          </PreloadLink>
        </>
      }
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4"
        aria-label={t('auth.signUp.title')}
      >
        {serverError ? <Alert>{authText(serverError, t)}</Alert> : null}
        <Field
          label={t('auth.signUp.name')}
          name="name"
          autoComplete="name"
          error={errors.name}
          hint={t('auth.signUp.optional')}
        />
        <EmailField error={errors.email} />
        <NewPasswordFields
          labels={{ password: t('auth.password'), confirm: t('auth.signUp.confirm') }}
          errors={errors}
        />
        <Button type="submit" busy={busy}>
          {t('auth.signUp.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}

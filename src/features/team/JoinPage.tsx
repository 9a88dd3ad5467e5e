import { useCallback, useEffect, useState } from 'react'
import * as v from 'valibot'
import { Link, useParams } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { useRouteTitle } from '@/components/layout/document-title'
import { Button, buttonClass } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { paths, signInHref } from '@/config/paths'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { refreshMemberships, rememberBusiness } from '@/lib/business'
import { mutationErrorMessage, refusal } from '@/lib/errors'
import { useForm } from '@/lib/use-form'
import { useAsyncAction } from '@/lib/use-async'
import { getIntlLocale, getLocale, t, useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { selectUser } from '@machines/auth/selectors'
import { join, joinInfo, signUpAndJoin, type JoinInfo } from './api'
import { BrandLink } from '@/components/layout/BrandLink'

const PASSWORD_MIN = 8

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** /join/:token: the landing page of an invitation's link, signed in or not. */
export default function JoinPage() {
  const t = useT()
  const { token = '' } = useParams<{ token: string }>()
  // A public page (someone signed out opens it from the mail): no query client here.
  const [info, load] = useAsyncAction(useCallback(() => joinInfo(token), [token]))
  useEffect(() => {
    void load()
  }, [load])
  const data = info.status === 'success' ? info.data : null
  const business = data?.business_name || t('team.switcher.unnamed')
  useRouteTitle(data ? t('team.join.title', { business }) : t('team.join.loading'))
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 p-4">
      <BrandLink />
      <Card className="grid w-full max-w-md gap-4">
        {data ? (
          <Invitation token={token} info={data} business={business} />
        ) : info.status === 'error' ? (
          <>
            <h1 className="text-xl font-semibold tracking-tight">
              <bdi>{t('team.join.heading')}</bdi>
            </h1>
            <Alert>{mutationErrorMessage(info.error) || t('team.join.failed')}</Alert>
          </>
        ) : (
          <p role="status">
            <bdi>{t('team.join.loading')}</bdi>
          </p>
        )}
      </Card>
    </main>
  )
}

function Invitation({
  token,
  info,
  business,
}: {
  token: string
  info: JoinInfo
  business: string
}) {
  const t = useT()
  const user = useAuthSelector(selectUser)
  const expires = new Date(info.expires.replace(' ', 'T')).toLocaleDateString(getIntlLocale(), {
    dateStyle: 'long',
  })
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">
        <bdi>{t('team.join.title', { business })}</bdi>
      </h1>
      <p>
        <bdi>
          {t('team.join.invited', {
            inviter: info.inviter_name,
            email: info.email,
            business,
            role: t(`team.role.${info.role}`),
          })}
        </bdi>
      </p>
      <p className="text-sm text-muted-foreground">
        <bdi>{t(`team.roleHint.${info.role}`)}</bdi>
      </p>
      <p className="text-sm text-muted-foreground">
        <bdi>{t('team.join.expires', { date: expires })}</bdi>
      </p>
      {user ? (
        sameAddress(user.email, info.email) ? (
          <JoinButton token={token} userId={user.id} business={business} />
        ) : (
          <WrongAddress invited={info.email} current={user.email} />
        )
      ) : (
        <SignedOut token={token} info={info} />
      )}
    </>
  )
}

function JoinButton({
  token,
  userId,
  business,
}: {
  token: string
  userId: string
  business: string
}) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function accept() {
    setBusy(true)
    setError(null)
    try {
      const joined = await join(token)
      if (joined.business) rememberBusiness(userId, joined.business)
      await refreshMemberships()
      notify('success', t('team.join.joined', { business }))
      navigate(paths.dashboard)
    } catch (e) {
      setError(mutationErrorMessage(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="grid gap-3">
      {error ? <Alert>{error}</Alert> : null}
      <Button busy={busy} onClick={() => void accept()}>
        {t('team.join.accept', { business })}
      </Button>
    </div>
  )
}

function WrongAddress({ invited, current }: { invited: string; current: string }) {
  const t = useT()
  const auth = useAuthActor()
  return (
    <div className="grid gap-3">
      <Alert>{t('team.join.wrongAddress', { email: invited, current })}</Alert>
      <div>
        <Button variant="outline" onClick={() => auth.send({ type: 'user.signOut' })}>
          {t('team.join.signOut')}
        </Button>
      </div>
    </div>
  )
}

const signUpSchema = v.object({
  name: v.pipe(v.string(), v.trim()),
  password: v.pipe(
    v.string(),
    v.minLength(PASSWORD_MIN, () => t('team.join.passwordShort', { min: PASSWORD_MIN })),
  ),
})

function SignedOut({ token, info }: { token: string; info: JoinInfo }) {
  const t = useT()
  const auth = useAuthActor()
  const here = `/join/${encodeURIComponent(token)}`
  const { bind, formError, busy, handleSubmit } = useForm(signUpSchema, { name: '', password: '' })
  const submit = handleSubmit(async ({ name, password }) => {
    try {
      await signUpAndJoin(token, { name, password, language: getLocale() })
    } catch (error) {
      return refusal(error)
    }
    // The account exists with the invited address verified: sign in as usual.
    auth.send({ type: 'user.signIn', email: info.email, password, redirect: paths.dashboard })
  })
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <bdi>{t('team.join.haveAccount', { email: info.email })}</bdi>{' '}
        <Link href={signInHref(here)} className={buttonClass('outline', 'sm', 'mt-2')}>
          {t('team.join.signIn')}
        </Link>
      </p>
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4 border-t border-border pt-4"
        aria-label={t('team.join.newAccount')}
      >
        <h2 className="font-semibold">
          <bdi>{t('team.join.newAccount')}</bdi>
        </h2>
        {formError ? <Alert>{formError}</Alert> : null}
        {/* For password managers: the account's address is the invited one. */}
        <input
          type="email"
          name="email"
          autoComplete="username"
          value={info.email}
          readOnly
          hidden
        />
        <Field label={t('team.join.name')} autoComplete="name" {...bind('name')} />
        <Field
          label={t('team.join.password')}
          type="password"
          autoComplete="new-password"
          hint={t('team.join.passwordHint', { min: PASSWORD_MIN })}
          {...bind('password')}
        />
        <Button type="submit" busy={busy}>
          {t('team.join.create')}
        </Button>
      </form>
    </div>
  )
}

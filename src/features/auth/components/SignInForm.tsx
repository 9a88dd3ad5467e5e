import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { useAsyncAction } from '@/lib/use-async'
import { preloadPb } from '@/lib/pocketbase/instance'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { selectError, selectIsBusy } from '@machines/auth/selectors'
import { safeRedirect } from '@machines/auth/redirect'
import { beginOAuth2, listOAuth2Providers } from '../api/account'
import { useCheckedSubmit } from '../data/use-checked-submit'
import { PasswordField } from './PasswordField'
import { authText } from '@/lib/auth-text'
import { useT } from '@/lib/i18n'
import { EmailField } from './EmailField'

const loadSchema = () => import('../data/schemas').then((m) => m.signInSchema)

/** SPEC §5: the redirect parameter must be a string (one value, not a list). */
function useRedirectParam(): string | undefined {
  const params = new URLSearchParams(useSearch())
  const all = params.getAll('redirect')
  return all.length === 1 ? all[0] : undefined
}

export function SignInForm() {
  const t = useT()
  const auth = useAuthActor()
  const busy = useAuthSelector(selectIsBusy)
  const serverError = useAuthSelector(selectError)
  const redirect = useRedirectParam()
  const [providers, loadProviders] = useAsyncAction(listOAuth2Providers)
  useEffect(() => {
    void loadProviders()
  }, [loadProviders])
  const providerList = providers.status === 'success' ? providers.data : []
  const [oauthError, setOauthError] = useState<string | null>(null)

  const { errors, onSubmit, warm } = useCheckedSubmit(loadSchema, (values) =>
    auth.send({ type: 'user.signIn', ...values, redirect }),
  )
  // The form is being used: the server's client and the form's checks load now, not on submit.
  const touched = () => {
    preloadPb()
    warm()
  }

  return (
    <div className="grid gap-4">
      <form
        noValidate
        onSubmit={onSubmit}
        onInput={touched}
        onPointerEnter={touched}
        className="grid gap-4"
        aria-label={t('auth.signIn')}
      >
        {serverError ? <Alert>{authText(serverError, t)}</Alert> : null}
        <EmailField error={errors.email} autoComplete="username" autoFocus />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          error={errors.password}
          hint={
            <PreloadLink href="/forgot-password" className="underline underline-offset-4">
              {t('auth.signIn.forgot')}
            </PreloadLink>
          }
        />
        <Button type="submit" busy={busy}>
          {t('auth.signIn')}
        </Button>
      </form>
      {providerList.length ? (
        <div className="grid gap-2">
          <p className="text-center text-xs text-muted-foreground uppercase">
            {t('auth.signIn.orContinue')}
          </p>
          {oauthError ? <Alert>{oauthError}</Alert> : null}
          {providerList.map((p) => (
            <Button
              key={p.name}
              variant="outline"
              onClick={() => {
                setOauthError(null)
                beginOAuth2(p.name, safeRedirect(redirect)).catch((err: unknown) =>
                  setOauthError(err instanceof Error ? err.message : t('auth.signIn.oauthFailed')),
                )
              }}
            >
              {t('auth.signIn.withProvider', { provider: p.displayName || p.name })}
            </Button>
          ))}
        </div>
      ) : null}
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.signIn.noAccount')}{' '}
        <PreloadLink href="/sign-up" className="text-foreground underline underline-offset-4">
          {t('auth.signIn.createOne')}
        </PreloadLink>
      </p>
    </div>
  )
}

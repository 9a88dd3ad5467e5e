import { useEffect, useRef } from 'react'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { peekOAuth2 } from '@/lib/pocketbase/oauth2-return'
import { selectError } from '@machines/auth/selectors'
import { authText } from '@/lib/auth-text'
import { useT } from '@/lib/i18n'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { AuthLayout } from './components/AuthLayout'

/** Where the OAuth2 provider sends the browser back: hands the code to the auth chart once. */
export default function OAuth2CallbackPage() {
  const t = useT()
  const auth = useAuthActor()
  const error = useAuthSelector(selectError)
  const sent = useRef(false)
  const params = new URLSearchParams(window.location.search)
  const providerError = params.get('error_description') ?? params.get('error')

  useEffect(() => {
    if (sent.current || providerError) return
    sent.current = true
    const redirect = peekOAuth2()?.redirect
    auth.send({
      type: 'user.completeOAuth2',
      code: params.get('code') ?? '',
      state: params.get('state') ?? '',
      redirect,
    })
    // Runs once per visit: the code can be exchanged only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <AuthLayout title={t('pages.oauth.title')}>
      {providerError || error ? (
        <div className="grid gap-3">
          <Alert>{providerError ?? (error ? authText(error, t) : null)}</Alert>
          <PreloadLink href="/sign-in" className="text-sm underline underline-offset-4">
            {t('auth.backToSignIn')}
          </PreloadLink>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {t('pages.oauth.finishing')}
        </p>
      )}
    </AuthLayout>
  )
}

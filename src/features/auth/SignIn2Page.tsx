import { useRouteTitle } from '@/components/layout/document-title'
import { useT } from '@/lib/i18n'
import { SignInForm } from './components/SignInForm'
import { BrandLink } from '@/components/layout/BrandLink'

/** The same sign-in, in a split layout with a picture of the product. */
export default function SignIn2Page() {
  const t = useT()
  useRouteTitle(t('auth.signIn'))
  return (
    <main className="grid min-h-svh lg:grid-cols-2">
      <section
        aria-label="Folio"
        className="relative hidden flex-col justify-between bg-muted p-10 lg:flex"
      >
        <BrandLink />
        <figure className="mx-auto w-full max-w-md rounded-xl border border-border bg-card p-6 shadow-lg">
          <img
            src="/icons/icon-512.png"
            alt={t('auth.signIn.iconAlt')}
            className="mx-auto size-40"
          />
          <figcaption className="mt-6 text-center text-sm text-muted-foreground">
            {t('auth.signIn.tagline')}
          </figcaption>
        </figure>
        <p className="text-sm text-muted-foreground">{t('auth.signIn.quote')}</p>
      </section>
      <section className="flex items-center justify-center p-6">
        <div className="w-full max-w-sm">
          <h1 className="text-2xl font-semibold tracking-tight">{t('auth.signIn')}</h1>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">{t('auth.signIn.description')}</p>
          <SignInForm />
        </div>
      </section>
    </main>
  )
}

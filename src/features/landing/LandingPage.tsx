import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { useT, type MessageKey } from '@/lib/i18n'

const features = [
  ['pages.landing.feature.quotes.title', 'pages.landing.feature.quotes.text'],
  ['pages.landing.feature.payments.title', 'pages.landing.feature.payments.text'],
  ['pages.landing.feature.dashboard.title', 'pages.landing.feature.dashboard.text'],
  ['pages.landing.feature.offline.title', 'pages.landing.feature.offline.text'],
  ['pages.landing.feature.twoFactor.title', 'pages.landing.feature.twoFactor.text'],
] as const satisfies readonly (readonly [MessageKey, MessageKey])[]

export default function LandingPage() {
  const t = useT()
  return (
    <div className="min-h-svh">
      <header className="mx-auto flex max-w-5xl items-center justify-between p-6">
        <span className="flex items-center gap-2 text-lg font-semibold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Folio
        </span>
        <nav aria-label={t('pages.landing.account')} className="flex gap-2">
          <PreloadLink href="/sign-in" className={buttonClass('ghost')}>
            {t('auth.signIn')}
          </PreloadLink>
          <PreloadLink href="/sign-up" className={buttonClass('primary')}>
            {t('auth.signUp.submit')}
          </PreloadLink>
        </nav>
      </header>
      <main className="mx-auto max-w-5xl px-6 pb-20">
        <section className="py-16 text-center md:py-24">
          <h1 className="text-4xl font-bold tracking-tight md:text-6xl">
            {t('pages.landing.heading')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            {t('pages.landing.intro')}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <PreloadLink href="/sign-up" className={buttonClass('primary', 'lg')}>
              {t('pages.landing.createYourAccount')}
            </PreloadLink>
            <PreloadLink href="/sign-in" className={buttonClass('outline', 'lg')}>
              {t('auth.signIn')}
            </PreloadLink>
          </div>
        </section>
        <section aria-labelledby="features" className="grid gap-4 md:grid-cols-2">
          <h2 id="features" className="sr-only">
            {t('pages.landing.features')}
          </h2>
          {features.map(([title, text]) => (
            <article key={title} className="rounded-xl border border-border bg-card p-6">
              <h3 className="font-semibold">{t(title)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(text)}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        {t('pages.landing.footer')}
      </footer>
    </div>
  )
}

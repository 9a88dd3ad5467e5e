import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'

const features = [
  {
    title: 'Quotes that turn into invoices',
    text: 'Send a quote, get it accepted, convert it to an invoice in one click — numbers and totals are kept right by the server.',
  },
  {
    title: 'Payments and balances',
    text: 'Record partial and full payments; every invoice knows what is still owed and what is overdue.',
  },
  {
    title: 'A dashboard that answers',
    text: 'Invoiced, collected, outstanding and overdue at a glance, with aging and the last twelve months.',
  },
  {
    title: 'Works offline, installs like an app',
    text: 'Open Folio from your home screen or desktop, even on a plane. Changes are sent once you are back online.',
  },
  {
    title: 'Two-factor sign-in',
    text: 'Protect the account with an authenticator app and single-use backup codes.',
  },
]

export default function LandingPage() {
  return (
    <div className="min-h-svh">
      <header className="mx-auto flex max-w-5xl items-center justify-between p-6">
        <span className="flex items-center gap-2 text-lg font-semibold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Folio
        </span>
        <nav aria-label="Account" className="flex gap-2">
          <PreloadLink href="/sign-in" className={buttonClass('ghost')}>
            Sign in
          </PreloadLink>
          <PreloadLink href="/sign-up" className={buttonClass('primary')}>
            Create account
          </PreloadLink>
        </nav>
      </header>
      <main className="mx-auto max-w-5xl px-6 pb-20">
        <section className="py-16 text-center md:py-24">
          <h1 className="text-4xl font-bold tracking-tight md:text-6xl">
            The back office of your small business
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Folio keeps your customers, quotes, invoices and payments in one place, shows you what
            is owed on a dashboard, and keeps working when the network does not.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <PreloadLink href="/sign-up" className={buttonClass('primary', 'lg')}>
              Create your account
            </PreloadLink>
            <PreloadLink href="/sign-in" className={buttonClass('outline', 'lg')}>
              Sign in
            </PreloadLink>
          </div>
        </section>
        <section aria-labelledby="features" className="grid gap-4 md:grid-cols-2">
          <h2 id="features" className="sr-only">
            What Folio does
          </h2>
          {features.map((f) => (
            <article key={f.title} className="rounded-xl border border-border bg-card p-6">
              <h3 className="font-semibold">{f.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{f.text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        Folio — invoicing for small businesses.
      </footer>
    </div>
  )
}

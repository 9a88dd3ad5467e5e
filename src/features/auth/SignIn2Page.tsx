import { Link } from 'wouter'
import { SignInForm } from './components/SignInForm'

/** The same sign-in, in a split layout with a picture of the product. */
export default function SignIn2Page() {
  return (
    <main className="grid min-h-svh lg:grid-cols-2">
      <section
        aria-label="Folio"
        className="relative hidden flex-col justify-between bg-muted p-10 lg:flex"
      >
        <Link href="~/" className="flex items-center gap-2 text-lg font-semibold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Folio
        </Link>
        <figure className="mx-auto w-full max-w-md rounded-xl border border-border bg-card p-6 shadow-lg">
          <img
            src="/icons/icon-512.png"
            alt="The Folio app icon: an invoice with a paid stamp"
            className="mx-auto size-40"
          />
          <figcaption className="mt-6 text-center text-sm text-muted-foreground">
            Quotes, invoices and payments — at your desk or offline on the road.
          </figcaption>
        </figure>
        <p className="text-sm text-muted-foreground">
          “We send every invoice from Folio and always know who still owes us.”
        </p>
      </section>
      <section className="flex items-center justify-center p-6">
        <div className="w-full max-w-sm">
          <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">
            Enter your email and password to open your Folio.
          </p>
          <SignInForm />
        </div>
      </section>
    </main>
  )
}

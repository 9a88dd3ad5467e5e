import { headingKeys } from '@/billing/settlement-rows'
import { settlement } from '@/billing/credits'
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useNear } from '@/lib/use-near'
import { flushSync } from 'react-dom'
import { docFormat } from '@/billing/doc-format'
import { documentLocale } from '@/billing/document-language'
import { paysByQr } from '@/billing/payment-code'
import type { PrintableDocument } from '@/billing/printable'
import { PrintableSheet } from '@/billing/ui/documents/PrintableSheet'
import { Button } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import { SelectField } from '@/components/ui/inputs'
import {
  docTranslator,
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  richText,
  useDocT,
  type DocTranslate,
  type Locale,
} from '@/lib/i18n'
import {
  LINK_GONE,
  Refused,
  fetchDocument,
  logoUrl,
  markDownloaded,
  say,
  type PageMessage,
} from './api'
import { useCardOffer } from './card-offer'
import { applyPageLanguage, chosenLanguage, keepChosenLanguage, pageLanguage } from './language'

type Load =
  | { state: 'loading' }
  | { state: 'gone'; message: PageMessage }
  | { state: 'ready'; doc: PrintableDocument }

/** The answer form, fetched only for a quote that can still be answered (most links are invoices). */
const QuoteAnswer = lazy(() => import('./QuoteAnswer'))
const CardPayment = lazy(() => import('./CardPayment'))

/**
 * The page a customer opens from the emailed link: the document as the print sheet draws it,
 * its PDF, the answer to a quote, and how to pay an invoice. No account, no app chrome. It speaks
 * the document's language (the customer's, as the business set it) unless the customer picks
 * another, which is kept for later visits.
 */
export function PublicDocumentPage({ token }: { token: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [chosen, setChosen] = useState<Locale | null>(chosenLanguage)
  // Bumped after the customer answers: the page shows the document as the server now has it.
  const [version, setVersion] = useState(0)
  const language = pageLanguage(
    chosen,
    load.state === 'ready' ? documentLocale(load.doc) : null,
    navigator.languages,
  )
  const dt = useDocT(language)

  useEffect(() => applyPageLanguage(document.documentElement, language), [language])
  // Until the document says what it is (then DocumentView names it).
  useEffect(() => {
    if (dt && load.state !== 'ready') document.title = dt('doc.public.pageTitle')
  }, [dt, load.state])

  useEffect(() => {
    let live = true
    fetchDocument(token).then(
      (doc) => {
        if (!live) return
        // The logo is served by the same link (the business's files are not public).
        if (doc.seller.logo_url) doc.seller.logo_url = logoUrl(token)
        setLoad({ state: 'ready', doc })
      },
      (e: unknown) => {
        if (!live) return
        setLoad({
          state: 'gone',
          message: e instanceof Refused && e.status !== 404 ? e.said : LINK_GONE,
        })
      },
    )
    return () => {
      live = false
    }
  }, [token, version])
  const refresh = useCallback(async () => setVersion((n) => n + 1), [])
  const choose = useCallback((locale: Locale) => {
    keepChosenLanguage(locale)
    // The new language's messages first, so the page switches at once and keeps what was typed.
    void docTranslator(locale).then(
      () => setChosen(locale),
      () => setChosen(locale),
    )
  }, [])

  // The page's messages load first (once per language); nothing to read meanwhile.
  if (!dt) return <main className="min-h-svh" aria-busy="true" />
  if (load.state === 'loading')
    return (
      <main className="grid min-h-svh place-items-center p-6" aria-busy="true">
        <p role="status" className="text-muted-foreground">
          {dt('doc.public.opening')}
        </p>
      </main>
    )
  if (load.state === 'gone')
    return (
      <main className="grid min-h-svh place-items-center p-6">
        <Card className="max-w-md p-6 text-center">
          <h1 className="text-xl font-semibold">{say(dt, load.message)}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{dt('doc.public.askForNewLink')}</p>
        </Card>
      </main>
    )
  return (
    <DocumentView
      token={token}
      // The sheet and the PDF are written in the page's language.
      doc={load.doc.language === language ? load.doc : { ...load.doc, language }}
      dt={dt}
      onChanged={refresh}
      onLanguage={choose}
    />
  )
}

function DocumentView({
  token,
  doc,
  dt,
  onChanged,
  onLanguage,
}: {
  token: string
  doc: PrintableDocument
  dt: DocTranslate
  onChanged: () => Promise<void>
  onLanguage: (locale: Locale) => void
}) {
  const keys = headingKeys(doc)
  const heading = doc.number ? dt(keys.heading, { number: doc.number }) : dt(keys.kind)
  const card = useCardOffer(token, doc)
  const answerable =
    doc.kind === 'quote' &&
    (doc.status === 'sent' || doc.status === 'viewed') &&
    doc.display_status !== 'expired'
  const qr = usePaymentQr(doc)
  useEffect(() => {
    document.title = doc.seller.company_name
      ? dt('doc.public.documentTitle', { heading, company: doc.seller.company_name })
      : dt('doc.public.documentTitleNoSeller', { heading })
  }, [dt, heading, doc.seller.company_name])
  return (
    <div className="min-h-svh bg-muted/40 print:bg-white">
      <header className="border-b border-border bg-background print:hidden">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
            {doc.seller.company_name ? (
              <bdi>{doc.seller.company_name}</bdi>
            ) : (
              dt('doc.public.supplierPlaceholder')
            )}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch dt={dt} value={documentLocale(doc)} onChange={onLanguage} />
            <DownloadPdf token={token} doc={doc} dt={dt} />
            <Button variant="outline" onClick={() => void qr.print()}>
              {dt('doc.public.print')}
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-6 print:p-0">
        <h1 className="sr-only">{heading}</h1>
        <StatusLine doc={doc} dt={dt} />
        {card.shown ? (
          <Suspense fallback={null}>
            <CardPayment token={token} doc={doc} dt={dt} offer={card.offer} back={card.back} />
          </Suspense>
        ) : null}
        {answerable ? (
          <Suspense fallback={null}>
            <QuoteAnswer token={token} dt={dt} onAnswered={onChanged} />
          </Suspense>
        ) : null}
        <PrintableSheet
          doc={doc}
          paymentCode={
            qr.code ? (
              <PaymentQr qr={qr.code} doc={doc} dt={dt} />
            ) : qr.shown ? (
              <QrRoom onNear={qr.want} />
            ) : null
          }
        />
      </main>
    </div>
  )
}

/** The customer's choice of language, each language named in its own words. */
function LanguageSwitch({
  dt,
  value,
  onChange,
}: {
  dt: DocTranslate
  value: Locale
  onChange: (locale: Locale) => void
}) {
  return (
    <SelectField
      label={dt('doc.public.language')}
      hideLabel
      value={value}
      onChange={(e) => {
        if (isLocale(e.target.value)) onChange(e.target.value)
      }}
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </SelectField>
  )
}

function StatusLine({ doc, dt }: { doc: PrintableDocument; dt: DocTranslate }) {
  const f = docFormat(documentLocale(doc))
  const c = doc.currency
  // Amounts, dates and names keep their own direction inside the sentence.
  const money = (cents: number) => (
    <bdi className="whitespace-nowrap tabular-nums">{f.money(cents, c)}</bdi>
  )
  const date = (value: string | null | undefined) => (
    <bdi className="whitespace-nowrap">{f.date(value)}</bdi>
  )
  let text: ReactNode = null
  let tone: 'success' | 'error' | 'info' = 'info'
  if (doc.kind === 'invoice') {
    // Settled by a credit note (wholly or with payments): not "paid". The owner's rule, the twin of
    // the server's (refunds change what is owed back, not whether a credit settled it).
    const byCredit = settlement({ ...doc, refunded_cents: 0, void: false }).settled_by_credit
    if (doc.status === 'paid' && byCredit) {
      text = richText(dt, 'doc.public.status.settledByCredit', {
        amount: money(doc.total_cents),
        credited: money(doc.credited_cents),
      })
      tone = 'success'
    } else if (doc.status === 'paid') {
      text = richText(dt, 'doc.public.status.paid', { amount: money(doc.total_cents) })
      tone = 'success'
    } else if (doc.display_status === 'overdue') {
      text = richText(dt, 'doc.public.status.overdue', {
        amount: money(doc.balance_cents),
        date: date(doc.due_date),
      })
      tone = 'error'
    } else if (doc.balance_cents > 0) {
      text = richText(dt, 'doc.public.status.due', {
        amount: money(doc.balance_cents),
        date: date(doc.due_date),
      })
    }
  } else if (doc.answer) {
    text = doc.answer.accepted
      ? richText(dt, 'doc.public.status.accepted', {
          name: <bdi>{doc.answer.name}</bdi>,
          date: date(doc.answer.at),
        })
      : richText(dt, 'doc.public.status.declined', { date: date(doc.answer.at) })
    tone = doc.answer.accepted ? 'success' : 'info'
  } else if (doc.display_status === 'expired') {
    text = richText(dt, 'doc.public.status.expired', { date: date(doc.expiry_date) })
  } else if (doc.status === 'converted') {
    text = dt('doc.public.status.converted')
    tone = 'success'
  }
  if (!text) return null
  return (
    <div className="print:hidden">
      <Alert tone={tone}>{text}</Alert>
    </div>
  )
}

function DownloadPdf({
  token,
  doc,
  dt,
}: {
  token: string
  doc: PrintableDocument
  dt: DocTranslate
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState(false)
  return (
    <div className="flex items-center gap-2">
      <Button
        busy={busy}
        onClick={async () => {
          setBusy(true)
          setError(false)
          try {
            const { makeDocumentPdf, saveFile } = await import('@/billing/document-pdf')
            const { blob, fileName } = await makeDocumentPdf(doc)
            saveFile(blob, fileName)
            void markDownloaded(token)
          } catch {
            setError(true)
          } finally {
            setBusy(false)
          }
        }}
      >
        {dt('doc.public.downloadPdf')}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {dt('doc.public.pdfFailed')}
        </p>
      ) : null}
    </div>
  )
}

type QrCode = { size: number; path: string }

/**
 * The EPC QR code of a document that shows one. Its encoder loads when the payment block comes
 * near the screen, or when the page is printed: a visit that never scrolls down to it does not
 * load it. `print` makes the code first, so the printed page has it.
 */
function usePaymentQr(doc: PrintableDocument) {
  const shown = paysByQr(doc)
  const [code, setCode] = useState<QrCode | null>(null)
  const [wanted, setWanted] = useState(false)
  const want = useCallback(() => setWanted(true), [])
  const make = useCallback(async () => {
    const { paymentQr, qrSvgPath } = await import('@/billing/payment-qr')
    const matrix = paymentQr(doc)
    return matrix ? { size: matrix.length, path: qrSvgPath(matrix) } : null
  }, [doc])
  useEffect(() => {
    if (!shown || wanted) return
    window.addEventListener('beforeprint', want)
    return () => window.removeEventListener('beforeprint', want)
  }, [shown, wanted, want])
  useEffect(() => {
    let live = true
    if (shown && wanted) void make().then((c) => live && setCode(c))
    return () => {
      live = false
    }
  }, [shown, wanted, make])
  const print = async () => {
    if (shown && !code) {
      const c = await make()
      flushSync(() => setCode(c))
    }
    window.print()
  }
  return { shown, code, want, print }
}

/** Room for the QR code until it comes near the screen (then `onNear`): nothing moves when it appears. */
function QrRoom({ onNear }: { onNear: () => void }) {
  const room = useRef<HTMLDivElement>(null)
  useNear(room, onNear)
  return <div ref={room} className="h-44 w-36" aria-hidden />
}

function PaymentQr({
  qr: { size, path },
  doc,
  dt,
}: {
  qr: { size: number; path: string }
  doc: PrintableDocument
  dt: DocTranslate
}) {
  const amount = docFormat(documentLocale(doc)).money(doc.balance_cents, doc.currency)
  return (
    <figure className="grid justify-items-center gap-1 text-center">
      <svg
        role="img"
        aria-label={dt('doc.public.qr.label', { amount })}
        viewBox={`-4 -4 ${size + 8} ${size + 8}`}
        className="size-36 bg-white"
        shapeRendering="crispEdges"
      >
        <path d={path} fill="#000" />
      </svg>
      <figcaption className="max-w-40 text-xs text-neutral-600">
        {dt('doc.public.qr.caption')}
      </figcaption>
    </figure>
  )
}

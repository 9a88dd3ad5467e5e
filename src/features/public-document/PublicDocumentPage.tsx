import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import type { PrintableDocument } from '@/billing/printable'
import { formatDate, formatMoney } from '@/billing/format'
import { PrintableSheet } from '@/billing/ui/documents/PrintableSheet'
import { Button } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import {
  LINK_GONE,
  Refused,
  acceptQuote,
  fetchDocument,
  logoUrl,
  markDownloaded,
  rejectQuote,
} from './api'

type Load =
  | { state: 'loading' }
  | { state: 'gone'; message: string }
  | { state: 'ready'; doc: PrintableDocument }

/**
 * The page a customer opens from the emailed link: the document as the print sheet draws it,
 * its PDF, the answer to a quote, and how to pay an invoice. No account, no app chrome.
 */
export function PublicDocumentPage({ token }: { token: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  // Bumped after the customer answers: the page shows the document as the server now has it.
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let live = true
    fetchDocument(token).then(
      (doc) => {
        if (!live) return
        // The logo is served by the same link (the business's files are not public).
        if (doc.seller.logo_url) doc.seller.logo_url = logoUrl(token)
        setLoad({ state: 'ready', doc })
        document.title = `${doc.kind === 'invoice' ? 'Invoice' : 'Quote'} ${doc.number} from ${doc.seller.company_name || 'your supplier'}`
      },
      (e: unknown) => {
        if (!live) return
        setLoad({
          state: 'gone',
          message: e instanceof Refused && e.status !== 404 ? e.message : LINK_GONE,
        })
      },
    )
    return () => {
      live = false
    }
  }, [token, version])
  const refresh = useCallback(async () => setVersion((n) => n + 1), [])

  if (load.state === 'loading')
    return (
      <main className="grid min-h-svh place-items-center p-6" aria-busy="true">
        <p role="status" className="text-muted-foreground">
          Opening your document…
        </p>
      </main>
    )
  if (load.state === 'gone')
    return (
      <main className="grid min-h-svh place-items-center p-6">
        <Card className="max-w-md p-6 text-center">
          <h1 className="text-xl font-semibold">{load.message}</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            Ask the sender for a new link to this document.
          </p>
        </Card>
      </main>
    )
  return <DocumentView token={token} doc={load.doc} onChanged={refresh} />
}

function DocumentView({
  token,
  doc,
  onChanged,
}: {
  token: string
  doc: PrintableDocument
  onChanged: () => Promise<void>
}) {
  const kind = doc.kind === 'invoice' ? 'Invoice' : 'Quote'
  const answerable =
    doc.kind === 'quote' &&
    (doc.status === 'sent' || doc.status === 'viewed') &&
    doc.display_status !== 'expired'
  const [qr, setQr] = useState<{ size: number; path: string } | null>(null)
  useEffect(() => {
    let live = true
    void import('@/billing/document-pdf').then(async (m) => {
      const matrix = await m.paymentQr(doc)
      if (!matrix) return
      const { qrSvgPath } = await import('@/billing/payment-code')
      if (live) setQr({ size: matrix.length, path: qrSvgPath(matrix) })
    })
    return () => {
      live = false
    }
  }, [doc])

  return (
    <div className="min-h-svh bg-muted/40 print:bg-white">
      <header className="border-b border-border bg-background print:hidden">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-semibold">{doc.seller.company_name || 'Your supplier'}</p>
          <div className="flex flex-wrap gap-2">
            <DownloadPdf token={token} doc={doc} />
            <Button variant="outline" onClick={() => window.print()}>
              Print
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-6 print:p-0">
        <h1 className="sr-only">
          {kind} {doc.number}
        </h1>
        <StatusLine doc={doc} />
        {answerable ? <QuoteAnswer token={token} onAnswered={onChanged} /> : null}
        <PrintableSheet doc={doc} paymentCode={qr ? <PaymentQr qr={qr} doc={doc} /> : null} />
      </main>
    </div>
  )
}

function StatusLine({ doc }: { doc: PrintableDocument }) {
  const c = doc.currency
  let text: string | null = null
  let tone: 'success' | 'error' | 'info' = 'info'
  if (doc.kind === 'invoice') {
    if (doc.status === 'paid') {
      text = `PAID — thank you. This invoice of ${formatMoney(doc.total_cents, c)} is settled.`
      tone = 'success'
    } else if (doc.display_status === 'overdue') {
      text = `${formatMoney(doc.balance_cents, c)} was due on ${formatDate(doc.due_date)}.`
      tone = 'error'
    } else if (doc.balance_cents > 0) {
      text = `${formatMoney(doc.balance_cents, c)} due by ${formatDate(doc.due_date)}.`
    }
  } else if (doc.answer) {
    text = doc.answer.accepted
      ? `Accepted by ${doc.answer.name} on ${formatDate(doc.answer.at)}. Thank you!`
      : `Declined on ${formatDate(doc.answer.at)}.`
    tone = doc.answer.accepted ? 'success' : 'info'
  } else if (doc.display_status === 'expired') {
    text = `This quote expired on ${formatDate(doc.expiry_date)}. Ask for a new one to go ahead.`
  } else if (doc.status === 'converted') {
    text = 'This quote was accepted and has been invoiced.'
    tone = 'success'
  }
  if (!text) return null
  return (
    <div className="print:hidden">
      <Alert tone={tone}>{text}</Alert>
    </div>
  )
}

function DownloadPdf({ token, doc }: { token: string; doc: PrintableDocument }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <div className="flex items-center gap-2">
      <Button
        busy={busy}
        onClick={async () => {
          setBusy(true)
          setError(null)
          try {
            const { makeDocumentPdf, saveFile } = await import('@/billing/document-pdf')
            const { blob, fileName } = await makeDocumentPdf(doc)
            saveFile(blob, fileName)
            void markDownloaded(token)
          } catch {
            setError('The PDF could not be made. Check your connection and try again.')
          } finally {
            setBusy(false)
          }
        }}
      >
        Download PDF
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function PaymentQr({
  qr: { size, path },
  doc,
}: {
  qr: { size: number; path: string }
  doc: PrintableDocument
}) {
  return (
    <figure className="grid justify-items-center gap-1 text-center">
      <svg
        role="img"
        aria-label={`QR code to pay ${formatMoney(doc.balance_cents, doc.currency)} by bank transfer`}
        viewBox={`-4 -4 ${size + 8} ${size + 8}`}
        className="size-36 bg-white"
        shapeRendering="crispEdges"
      >
        <path d={path} fill="#000" />
      </svg>
      <figcaption className="max-w-40 text-xs text-neutral-600">
        Scan with your banking app to pay
      </figcaption>
    </figure>
  )
}

function QuoteAnswer({ token, onAnswered }: { token: string; onAnswered: () => Promise<void> }) {
  const id = useId()
  const [mode, setMode] = useState<'accept' | 'reject'>('accept')
  const [name, setName] = useState('')
  const [note, setNote] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const local: Record<string, string> = {}
    if (mode === 'accept' && name.trim().length < 2) local.name = 'Type your full name to accept.'
    if (mode === 'reject' && !reason.trim())
      local.reason = 'Tell us why, so the quote can be improved.'
    setErrors(local)
    if (Object.keys(local).length) return
    setBusy(true)
    setFormError(null)
    try {
      if (mode === 'accept') await acceptQuote(token, name.trim(), note.trim())
      else await rejectQuote(token, reason.trim())
      await onAnswered()
    } catch (error) {
      // What was typed stays; the server's sentence says what to change.
      if (error instanceof Refused) {
        setErrors(error.fields)
        setFormError(error.message)
      } else setFormError('The server could not be reached. Try again in a moment.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className="grid gap-4 p-5 print:hidden">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        Your answer
      </h2>
      <div role="radiogroup" aria-labelledby={`${id}-h`} className="flex flex-wrap gap-2">
        <Button
          role="radio"
          aria-checked={mode === 'accept'}
          variant={mode === 'accept' ? 'primary' : 'outline'}
          onClick={() => setMode('accept')}
        >
          Accept
        </Button>
        <Button
          role="radio"
          aria-checked={mode === 'reject'}
          variant={mode === 'reject' ? 'primary' : 'outline'}
          onClick={() => setMode('reject')}
        >
          Decline
        </Button>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Answer the quote">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {mode === 'accept' ? (
          <>
            <Field
              label="Full name"
              hint="Typing your name signs your acceptance."
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={errors.name}
            />
            <TextAreaField
              label="Note (optional)"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              error={errors.note}
              rows={3}
            />
            <Button type="submit" busy={busy}>
              Accept quote
            </Button>
          </>
        ) : (
          <>
            <TextAreaField
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={errors.reason}
              rows={3}
            />
            <Button type="submit" variant="destructive" busy={busy}>
              Decline quote
            </Button>
          </>
        )}
      </form>
    </Card>
  )
}

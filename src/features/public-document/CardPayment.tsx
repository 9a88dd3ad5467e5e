import { useEffect, useState } from 'react'
import { docFormat } from '@/billing/doc-format'
import { documentLocale } from '@/billing/document-language'
import type { PrintableDocument } from '@/billing/printable'
import { Button } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import type { DocTranslate } from '@/lib/i18n'
import {
  Refused,
  cardReturn,
  fetchCardOffer,
  say,
  startCardPayment,
  type CardOffer,
  type PageMessage,
} from './api'

/**
 * "Pay by card" on an open invoice whose business connected Stripe: the server asks Stripe for a
 * Checkout page of the balance due and the customer goes there. Stripe sends them back here with
 * ?card=success or ?card=cancel, which the page says in words.
 */
export function CardPayment({
  token,
  doc,
  dt,
}: {
  token: string
  doc: PrintableDocument
  dt: DocTranslate
}) {
  const [offer, setOffer] = useState<CardOffer | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<PageMessage | null>(null)
  const back = cardReturn(window.location.search)
  const open = doc.kind === 'invoice' && doc.status !== 'paid' && doc.balance_cents > 0

  useEffect(() => {
    let live = true
    if (!open) return
    fetchCardOffer(token).then(
      (o) => live && setOffer(o),
      () => live && setOffer(null),
    )
    return () => {
      live = false
    }
  }, [token, open, doc.balance_cents])

  async function pay() {
    setBusy(true)
    setError(null)
    try {
      window.location.assign(await startCardPayment(token))
    } catch (e) {
      setError(e instanceof Refused ? e.said : { key: 'doc.public.error.offline' })
      setBusy(false)
    }
  }

  const returned =
    back === 'success' ? (
      <Alert tone="success">{dt('doc.public.card.success')}</Alert>
    ) : back === 'cancel' ? (
      <Alert>{dt('doc.public.card.cancelled')}</Alert>
    ) : null
  if (!open || !offer?.available)
    return returned ? <div className="print:hidden">{returned}</div> : null
  const amount = docFormat(documentLocale(doc)).money(offer.amount_cents, offer.currency)
  return (
    <Card className="grid gap-3 p-5 print:hidden">
      {returned}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{dt('doc.public.card.intro')}</p>
        <Button busy={busy} onClick={() => void pay()}>
          {dt('doc.public.card.pay', { amount })}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {say(dt, error)}
        </p>
      ) : null}
    </Card>
  )
}

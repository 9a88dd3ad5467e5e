import { useState } from 'react'
import { docFormat } from '@/billing/doc-format'
import { documentLocale } from '@/billing/document-language'
import type { PrintableDocument } from '@/billing/printable'
import { Button } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import type { DocTranslate } from '@/lib/i18n'
import { Refused, say, startCardPayment, type CardOffer, type PageMessage } from './api'

/**
 * "Pay by card" on an open invoice whose business connected Stripe: the server asks Stripe for a
 * Checkout page of the balance due and the customer goes there. Stripe sends them back here with
 * ?card=success or ?card=cancel, which the page says in words. Loaded only when shown
 * (useCardOffer).
 */
export default function CardPayment({
  token,
  doc,
  dt,
  offer,
  back,
}: {
  token: string
  doc: PrintableDocument
  dt: DocTranslate
  offer: CardOffer | null
  back: 'success' | 'cancel' | null
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<PageMessage | null>(null)

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
  if (!offer) return returned ? <div className="print:hidden">{returned}</div> : null
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

import { useEffect, useState } from 'react'
import type { PrintableDocument } from '@/billing/printable'
import { cardReturn, fetchCardOffer, type CardOffer } from './api'

/**
 * Whether the page shows card payment: the offer of an open invoice whose business connected
 * Stripe, or Stripe's ?card=success|cancel on the way back. Asked before the card payment's code
 * loads, so a page without it never loads that code.
 */
export function useCardOffer(token: string, doc: PrintableDocument) {
  const [offer, setOffer] = useState<CardOffer | null>(null)
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
  const offered = open && offer?.available ? offer : null
  return { offer: offered, back, shown: Boolean(offered || back) }
}

import { formatMoney } from './format'
import { methodLabel, type Payment } from './types'
import type { Translate } from '@/lib/i18n'

/** The method, and for a card payment through Stripe what became of it ("Card · Stripe · to refund"). */
export function cardMethod(p: Payment, t: Translate): string {
  const method = methodLabel(p.method, t)
  if (p.provider !== 'stripe') return method
  const refunded = p.provider_refunded_cents ?? 0
  if (refunded > 0)
    return t('payments.card.refunded', { method, amount: formatMoney(refunded, p.currency) })
  return p.needs_refund
    ? t('payments.card.toRefund', { method })
    : t('payments.card.stripe', { method })
}

/** What is left to refund of a card payment through Stripe (0 for any other payment). */
export const refundable = (p: Payment) =>
  p.provider === 'stripe' ? p.amount_cents - (p.provider_refunded_cents ?? 0) : 0

// A card payment through Stripe says so in the payments list, and what became of it.
import { describe, expect, it } from 'vitest'
import { t } from '@/lib/i18n'
import type { Payment } from '@/billing/types'

const { cardMethod } = await import('@/billing/card-method')

const payment = (over: Partial<Payment>): Payment =>
  ({
    id: 'p1',
    invoice: 'i1',
    customer: 'c1',
    number: 'PAY-00001',
    seq: 1,
    date: '2026-11-27 00:00:00.000Z',
    amount_cents: 12000,
    currency: 'EUR',
    method: 'card',
    reference: 'pi_1',
    notes: '',
    ...over,
  }) as Payment

describe('cardMethod', () => {
  it('a typed-in payment keeps its method', () => {
    expect(cardMethod(payment({}), t)).toBe('Card')
    expect(cardMethod(payment({ method: 'bank_transfer' }), t)).toBe('Bank transfer')
  })

  it('a Stripe payment names Stripe, and says when it is to refund or refunded', () => {
    expect(cardMethod(payment({ provider: 'stripe' }), t)).toBe('Card · Stripe')
    expect(cardMethod(payment({ provider: 'stripe', needs_refund: true }), t)).toBe(
      'Card · Stripe · to refund',
    )
    expect(cardMethod(payment({ provider: 'stripe', provider_refunded_cents: 3000 }), t)).toBe(
      'Card · Stripe · €30.00 refunded',
    )
  })
})

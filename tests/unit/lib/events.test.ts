// The activity line of a sent document names its recipients as the server stored them.
import { describe, expect, it } from 'vitest'
import { describeEvent, readEvent, type DocumentEvent } from '@/billing/events'

const sent = (detail: DocumentEvent['detail']): DocumentEvent => ({
  id: 'e1',
  kind: 'invoice',
  document: 'd1',
  type: 'sent',
  detail,
  created: '2026-11-27 08:00:00.000Z',
})

describe('describeEvent: sent', () => {
  it('says nothing of copies when none was given (the server stores an empty list)', () => {
    expect(describeEvent(sent({ to: 'anna@example.com', cc: [] }))).toBe('Sent to anna@example.com')
  })

  it('names every copy', () => {
    expect(
      describeEvent(sent({ to: 'anna@example.com', cc: ['b@example.com', 'c@example.com'] })),
    ).toBe('Sent to anna@example.com, cc b@example.com, c@example.com')
    expect(describeEvent(sent({ to: 'anna@example.com', cc: 'b@example.com' }))).toBe(
      'Sent to anna@example.com, cc b@example.com',
    )
  })

  it('without a recipient on record, says it went to the customer', () => {
    expect(describeEvent(sent(null))).toBe('Sent to the customer')
  })
})

describe('describeEvent: who did it', () => {
  const by = (
    type: DocumentEvent['type'],
    detail: DocumentEvent['detail'],
    actor_name?: string,
  ) => ({
    ...sent(detail),
    type,
    actor_name,
  })

  it('names the member who did it', () => {
    expect(describeEvent(by('payment', { amount_cents: 12000, currency: 'EUR' }, 'Ana'))).toBe(
      'Ana recorded a payment of €120.00',
    )
    expect(describeEvent(by('created', null, 'Ana'))).toBe('Ana created it')
    expect(describeEvent(by('sent', { to: 'b@example.com', cc: [] }, 'Ana'))).toBe(
      'Ana sent it to b@example.com',
    )
    expect(describeEvent(by('voided', { reason: 'Typo' }, 'Ana'))).toBe('Ana voided it — Typo')
    expect(describeEvent(by('links_stopped', { reason: 'draft' }, 'Ana'))).toBe(
      'Earlier links stopped: the invoice went back to draft (Ana)',
    )
  })

  it('says it as before for the customer and for Folio (no actor)', () => {
    expect(describeEvent(by('payment', { amount_cents: 12000, currency: 'EUR' }))).toBe(
      'Payment of €120.00 recorded',
    )
    expect(describeEvent(by('created', null, '  '))).toBe('Created')
  })
})

describe('describeEvent: a credit note of the invoice was sent', () => {
  const creditNoteSent = (detail: DocumentEvent['detail'], actor_name?: string) => ({
    ...sent(detail),
    type: 'credit_note_sent' as const,
    actor_name,
  })

  it('names the credit note and its recipients, like a sent invoice', () => {
    expect(describeEvent(creditNoteSent({ number: 'CN-00001', to: 'ap@acme.test', cc: [] }))).toBe(
      'Credit note CN-00001 sent to ap@acme.test',
    )
    expect(
      describeEvent(
        creditNoteSent({ number: 'CN-00001', to: 'ap@acme.test', cc: ['b@acme.test'] }),
      ),
    ).toBe('Credit note CN-00001 sent to ap@acme.test, cc b@acme.test')
    expect(
      describeEvent(creditNoteSent({ number: 'CN-00002', to: 'ap@acme.test', cc: [] }, 'Ana')),
    ).toBe('Credit note CN-00002 sent to ap@acme.test (Ana)')
  })

  it('arrives live like the other events', () => {
    expect(
      readEvent({ id: 'e3', kind: 'invoice', document: 'i1', type: 'credit_note_sent' })?.type,
    ).toBe('credit_note_sent')
  })
})

describe('describeEvent: card payments through Stripe', () => {
  const ev = (type: DocumentEvent['type'], detail: DocumentEvent['detail']): DocumentEvent => ({
    ...sent(detail),
    type,
  })

  it('says a payment from the customer’s page was paid by card through Stripe', () => {
    expect(
      describeEvent(ev('payment', { amount_cents: 12000, currency: 'EUR', provider: 'stripe' })),
    ).toBe('Paid by card · Stripe: €120.00')
  })

  it('says when it came after the balance was settled, to refund', () => {
    expect(
      describeEvent(
        ev('payment', {
          amount_cents: 12000,
          currency: 'EUR',
          provider: 'stripe',
          needs_refund: true,
        }),
      ),
    ).toBe('Paid by card · Stripe: €120.00, more than was still due — to refund')
  })

  it('says a refund Stripe made', () => {
    expect(describeEvent(ev('card_refunded', { amount_cents: 3000, currency: 'EUR' }))).toBe(
      'Refunded by card · Stripe: €30.00',
    )
  })

  it('says a card payment failed at Stripe, and by whom', () => {
    expect(
      describeEvent(
        ev('card_failed', { amount_cents: 12000, currency: 'EUR', name: 'Harbour Books' }),
      ),
    ).toBe('A card payment by Harbour Books failed at Stripe: €120.00')
    expect(describeEvent(ev('card_failed', { amount_cents: 12000, currency: 'EUR' }))).toBe(
      'A card payment failed at Stripe: €120.00',
    )
  })

  it('says a card payment Stripe took was not recorded, and why', () => {
    expect(
      describeEvent(
        ev('card_ignored', { amount_cents: 12000, currency: 'USD', reason: 'currency' }),
      ),
    ).toBe(
      'A card payment of $120.00 came in another currency than the invoice’s and was not recorded — refund it in Stripe',
    )
    expect(
      describeEvent(ev('card_ignored', { amount_cents: 12000, currency: 'EUR', reason: 'void' })),
    ).toBe(
      'A card payment of €120.00 came after the invoice was voided and was not recorded — refund it in Stripe',
    )
  })

  it('reads realtime card failures and unrecorded payments as events', () => {
    for (const type of ['card_failed', 'card_ignored'])
      expect(readEvent({ id: 'x', type, kind: 'invoice', document: 'd' })?.type).toBe(type)
  })

  it('reads a realtime card refund as an event', () => {
    expect(
      readEvent({ id: 'x', type: 'card_refunded', kind: 'invoice', document: 'd' })?.type,
    ).toBe('card_refunded')
  })
})

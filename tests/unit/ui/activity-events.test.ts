import { afterAll, describe, expect, it } from 'vitest'
import { describeEvent, foldVisits, readEvent, type DocumentEvent } from '@/billing/events'
import { LOCALES, setLocale, translatorFor } from '@/lib/i18n'

const event = (over: Partial<DocumentEvent>): DocumentEvent => ({
  id: 'e1',
  kind: 'quote',
  document: 'q1',
  type: 'created',
  detail: null,
  created: '2026-03-15 10:00:00.000Z',
  ...over,
})

describe('the activity line of stopped links', () => {
  afterAll(() => setLocale('en'))

  it('says why, for a quote and an invoice', () => {
    const t = translatorFor('en')
    expect(describeEvent(event({ type: 'links_stopped', detail: { reason: 'draft' } }), t)).toBe(
      'Earlier links stopped: the quote went back to draft',
    )
    expect(
      describeEvent(
        event({ type: 'links_stopped', kind: 'invoice', detail: { reason: 'customer' } }),
        t,
      ),
    ).toBe('Earlier links stopped: the invoice changed customer')
  })

  it('is said in every language, differently for each reason', async () => {
    for (const locale of LOCALES) {
      await setLocale(locale)
      const t = translatorFor(locale)
      const draft = describeEvent(event({ type: 'links_stopped', detail: { reason: 'draft' } }), t)
      const customer = describeEvent(
        event({ type: 'links_stopped', detail: { reason: 'customer' } }),
        t,
      )
      expect(draft, locale).not.toContain('billing.event')
      expect(customer, locale).not.toContain('billing.event')
      expect(draft, locale).not.toBe(customer)
    }
  })

  it('arrives live like the other events', () => {
    expect(
      readEvent({
        id: 'e2',
        kind: 'quote',
        document: 'q1',
        type: 'links_stopped',
        detail: { reason: 'draft' },
      })?.type,
    ).toBe('links_stopped')
  })
})

describe('the customer’s visits on the timeline', () => {
  it('show the count the server folded', () => {
    const rows = foldVisits([event({ id: 'v', type: 'viewed', count: 20 })])
    expect(rows.map((r) => r.count)).toEqual([20])
  })

  it('add up in a row, views apart from downloads, old events one each', () => {
    const rows = foldVisits([
      event({ id: 'v3', type: 'viewed', count: 3 }),
      event({ id: 'v2', type: 'viewed', count: 20 }),
      event({ id: 'v1', type: 'viewed' }),
      event({ id: 'd2', type: 'downloaded', count: 4 }),
      event({ id: 'd1', type: 'downloaded', count: 2 }),
      event({ id: 's', type: 'sent' }),
      event({ id: 'v0', type: 'viewed', count: 0 }),
    ])
    expect(rows.map((r) => [r.event.id, r.count])).toEqual([
      ['v3', 24],
      ['d2', 6],
      ['s', 1],
      ['v0', 1],
    ])
  })

  it('read the count of a live event', () => {
    expect(
      readEvent({ id: 'e3', kind: 'invoice', document: 'i1', type: 'viewed', count: 7 })?.count,
    ).toBe(7)
  })
})

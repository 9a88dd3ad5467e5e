// The activity line of a sent document names its recipients as the server stored them.
import { describe, expect, it } from 'vitest'
import { describeEvent, type DocumentEvent } from '@/billing/events'

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

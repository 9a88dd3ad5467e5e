// What an edit says about the version it started from (X-Folio-Base), and when a form waits for
// the server's copy before it opens.
import { describe, expect, it } from 'vitest'
import { baseFor, openingStale, type PendingWrites } from '@/billing/save'

const none: PendingWrites = { creates: [], updates: [], deletes: [] }
const waiting = (id: string): PendingWrites => ({
  ...none,
  updates: [{ collection: 'invoices', id, body: {}, label: 'Invoice' }],
})

describe('the version an edit says it started from', () => {
  it('is the version the form opened with', () => {
    expect(baseFor(none, 'inv1', '2026-11-24 01:00:00.000Z')).toBe('2026-11-24 01:00:00.000Z')
  })

  it('is none while an earlier change of the same record waits on this device', () => {
    // That change moves the version first: this edit builds on it, it does not conflict with it.
    expect(baseFor(waiting('inv1'), 'inv1', '2026-11-24 01:00:00.000Z')).toBeUndefined()
    expect(baseFor(waiting('inv2'), 'inv1', 'v')).toBe('v')
  })
})

describe('an edit form opens', () => {
  const opened = 1_000
  it('waits for the server while the copy here is older than the page', () => {
    expect(
      openingStale({ dataUpdatedAt: 500, fetchStatus: 'fetching', isError: false }, opened),
    ).toBe(true)
    // Restoring the saved cache: no fetch yet, still waiting.
    expect(openingStale({ dataUpdatedAt: 500, fetchStatus: 'idle', isError: false }, opened)).toBe(
      true,
    )
  })

  it('opens once the server answered, offline with the copy here, or when the fetch failed', () => {
    expect(
      openingStale({ dataUpdatedAt: 1_200, fetchStatus: 'idle', isError: false }, opened),
    ).toBe(false)
    expect(
      openingStale({ dataUpdatedAt: 500, fetchStatus: 'paused', isError: false }, opened),
    ).toBe(false)
    expect(openingStale({ dataUpdatedAt: 500, fetchStatus: 'idle', isError: true }, opened)).toBe(
      false,
    )
  })
})

import { describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/pocketbase/instance', () => ({ loadPb: async () => ({}) }))
const { createBody, settingsTarget } = await import('@/billing/writes')

describe('createBody: a create goes to the business it was made in', () => {
  const ctx = { business: 'b1' }
  it('sends the business of the queue that holds the write', () => {
    expect(createBody({ id: 'r1', body: { name: 'Acme' } }, ctx)).toEqual({
      name: 'Acme',
      id: 'r1',
      business: 'b1',
    })
  })
  it("a write queued before teams (owner set, no business) goes to the owner's business, without owner", () => {
    const body = createBody({ id: 'r1', body: { name: 'Acme', owner: 'u1' } }, ctx)
    expect(body).toEqual({ name: 'Acme', id: 'r1', business: 'u1' })
    expect(body).not.toHaveProperty('owner')
  })
  it('the owner on the write itself counts too', () => {
    expect(createBody({ id: 'r1', body: {}, owner: 'u1' }, ctx).business).toBe('u1')
  })
  it('a business named by the write wins', () => {
    expect(createBody({ id: 'r1', body: { business: 'b2', owner: 'u1' } }, ctx)).toEqual({
      id: 'r1',
      business: 'b2',
    })
  })
})

describe('settingsTarget: the business whose settings change', () => {
  it.each([
    ['the one named', { business: 'b2', body: {}, label: '' }, 'b2'],
    [
      "a change queued before teams: the user's own business",
      { userId: 'u1', body: {}, label: '' },
      'u1',
    ],
    ["else the queue's", { body: {}, label: '' }, 'b1'],
  ])('%s', (_, vars, expected) => expect(settingsTarget(vars, { business: 'b1' })).toBe(expected))
})

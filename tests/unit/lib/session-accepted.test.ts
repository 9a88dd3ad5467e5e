// An empty list of memberships read with a session the server refused is not a removal.
import { describe, expect, it } from 'vitest'
import type PocketBase from 'pocketbase'
import { sessionAccepted } from '@/lib/pocketbase/memberships'

const pbAnswering = (answer: () => Promise<unknown>) =>
  ({ collection: () => ({ getOne: answer }) }) as unknown as PocketBase

describe('sessionAccepted', () => {
  it('is true when the server reads the person back', async () => {
    expect(
      await sessionAccepted(
        pbAnswering(async () => ({ id: 'u1' })),
        'u1',
      ),
    ).toBe(true)
  })

  it('is false when the server treats the session as a guest or refuses it', async () => {
    for (const status of [401, 403, 404]) {
      const refused = pbAnswering(async () =>
        Promise.reject(Object.assign(new Error(), { status })),
      )
      expect(await sessionAccepted(refused, 'u1')).toBe(false)
    }
  })

  it('lets a network failure through (offline is not a refusal)', async () => {
    const offline = pbAnswering(async () =>
      Promise.reject(Object.assign(new Error(), { status: 0 })),
    )
    await expect(sessionAccepted(offline, 'u1')).rejects.toThrow()
  })
})

import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query'
import { createStore, get, set } from 'idb-keyval'
import type { PersistedClient } from '@tanstack/react-query-persist-client'

const created: Array<{ collection: string; body: Record<string, unknown> }> = []
vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    collection: (collection: string) => ({
      create: async (body: Record<string, unknown>) => {
        created.push({ collection, body })
        return { ...body }
      },
    }),
  }),
}))
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }))

const business = await import('@/lib/business')
const { applyMemberships } = await import('@/lib/business-sync')
const { dataSessionFor } = await import('@/lib/data-session')
const { CACHE_BUSTER, cacheKey, legacyCacheKey } = await import('@/lib/query-persist')
const { registerWrites, runWrite, isPending } = await import('@/lib/writes')
const { billingWrites, writes } = await import('@/billing/writes')
registerWrites(billingWrites)

const db = createStore('folio', 'query-cache')
const m = (b: string, role: import('@/lib/business').Role = 'owner') => ({
  id: `m-${b}`,
  user: 'u1',
  business: b,
  role,
  businessName: `Business ${b}`,
})
const noEffects = { sessionExpired() {}, serverError() {}, mutationFailed() {} }
const invoiceFor = (label: string, id = 'inv1') => ({
  collection: 'invoices' as const,
  id,
  body: { customer: 'c1' },
  label,
})

beforeEach(() => {
  localStorage.clear()
  business.endBusinessContext()
  created.length = 0
})
afterEach(() => onlineManager.setOnline(true))

describe('the current business', () => {
  it("opens the business with the user's id, and a switch is remembered for this user", () => {
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1', 'accountant'), m('u1')])
    expect(business.businessState()).toMatchObject({ current: 'u1', role: 'owner' })
    expect(business.switchBusiness('b1')).toBe(true)
    expect(business.businessState()).toMatchObject({ current: 'b1', role: 'accountant' })
    expect(localStorage.getItem('folio.business.u1')).toBe('b1')
    // Not a member: no switch.
    expect(business.switchBusiness('b9')).toBe(false)
    expect(business.currentBusinessId()).toBe('b1')
  })

  it('the next start on this device opens the remembered business, offline too', () => {
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1', 'member'), m('u1')])
    business.switchBusiness('b1')
    // The page is closed and opened again: state comes from the device's copy.
    const memberships = localStorage.getItem('folio.memberships.u1')
    business.endBusinessContext()
    localStorage.setItem('folio.memberships.u1', memberships ?? '')
    expect(business.startBusinessContext('u1')).toMatchObject({
      current: 'b1',
      role: 'member',
      known: true,
    })
  })

  it('each user remembers their own', () => {
    localStorage.setItem('folio.business.u2', 'b1')
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1'), m('u1')])
    expect(business.currentBusinessId()).toBe('u1')
  })

  it('a record filter is limited to the current business', () => {
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1')])
    const pb = {
      filter: (raw: string, p: Record<string, unknown>) =>
        raw.replace(/\{:(\w+)\}/g, (_, k: string) => JSON.stringify(p[k])),
    }
    expect(business.scopedFilter(pb)).toBe('business = "b1"')
    expect(business.scopedFilter(pb, 'a = {:x} || b = {:x}', { x: 1 })).toBe(
      'business = "b1" && (a = 1 || b = 1)',
    )
  })
})

describe('each business has its own cache and queue', () => {
  it('a write queued in one business is saved under that business, and another does not see it', async () => {
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1'), m('b2')])
    const one = dataSessionFor('u1', 'b1')
    const stop = one.start(noEffects)
    one.client.setQueryData(['records', 'invoices', 'one', 'x'], { id: 'x' })
    onlineManager.setOnline(false)
    await runWrite(writes.recordCreate, invoiceFor('Invoice for Acme'), one.client)
    stop()
    const two = dataSessionFor('u1', 'b2')
    expect(two.client).not.toBe(one.client)
    expect(two.client.getQueryData(['records', 'invoices', 'one', 'x'])).toBeUndefined()
    expect(two.client.getMutationCache().getAll()).toHaveLength(0)
    expect(cacheKey('u1', 'b1')).not.toBe(cacheKey('u1', 'b2'))
  })

  it('a write runs in the business it was made in, even after a switch', async () => {
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1'), m('b2')])
    const one = dataSessionFor('u1', 'b1')
    const stop = one.start(noEffects)
    onlineManager.setOnline(false)
    await runWrite(writes.recordCreate, invoiceFor('Invoice for Acme'), one.client)
    business.switchBusiness('b2')
    onlineManager.setOnline(true)
    await one.client.resumePausedMutations()
    stop()
    expect(created).toEqual([
      { collection: 'invoices', body: { customer: 'c1', id: 'inv1', business: 'b1' } },
    ])
  })
})

describe('a queue saved before teams', () => {
  it("is restored into the user's own business and replayed there, with business = owner and no owner", async () => {
    // What the app before teams saved: one user's copy, a create made offline with owner set.
    const old = new QueryClient()
    const vars = { ...invoiceFor('Invoice for Acme'), body: { customer: 'c1', owner: 'u1' } }
    old
      .getMutationCache()
      .build(old, { mutationKey: writes.recordCreate.key, meta: { queued: true } })
    const [mutation] = old.getMutationCache().getAll()
    mutation!.state.variables = vars
    mutation!.state.isPaused = true
    mutation!.state.status = 'pending'
    const saved: PersistedClient = {
      buster: CACHE_BUSTER,
      timestamp: Date.now(),
      clientState: dehydrate(old, { shouldDehydrateMutation: () => true }),
    }
    await set(legacyCacheKey('u1'), saved, db)

    business.startBusinessContext('u1')
    business.assumeOwnBusiness('u1')
    const session = dataSessionFor('u1', 'u1')
    const restored = await session.persistOptions.persister.restoreClient()
    expect(restored?.clientState.mutations).toHaveLength(1)
    // Moved under the business's key; the old one is gone.
    expect(await get(legacyCacheKey('u1'), db)).toBeUndefined()
    expect(await get(cacheKey('u1', 'u1'), db)).toBeDefined()

    const { hydrate } = await import('@tanstack/react-query')
    const stop = session.start(noEffects)
    hydrate(session.client, restored!.clientState)
    await session.client.resumePausedMutations()
    stop()
    expect(created).toEqual([
      { collection: 'invoices', body: { customer: 'c1', id: 'inv1', business: 'u1' } },
    ])
  })
})

describe('losing access', () => {
  it('removal wipes the business from the device at once, tells what could not be sent, and moves on', async () => {
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1', 'member'), m('u1')])
    business.switchBusiness('b1')
    const session = dataSessionFor('u1', 'b1')
    const stop = session.start(noEffects)
    session.client.setQueryData(['records', 'invoices', 'one', 'x'], { id: 'x' })
    onlineManager.setOnline(false)
    await runWrite(writes.recordCreate, invoiceFor('Invoice for Acme'), session.client)
    await runWrite(writes.recordCreate, invoiceFor('Invoice for Globex', 'inv2'), session.client)
    // As the provider saves it.
    await set(
      cacheKey('u1', 'b1'),
      {
        buster: CACHE_BUSTER,
        timestamp: Date.now(),
        clientState: dehydrate(session.client, { shouldDehydrateMutation: isPending }),
      },
      db,
    )

    const told: unknown[] = []
    await applyMemberships('u1', [m('u1')], (loss) => told.push(loss))
    stop()
    expect(told).toEqual([
      {
        kind: 'removed',
        membership: m('b1', 'member'),
        unsent: ['Invoice for Acme', 'Invoice for Globex'],
      },
    ])
    expect(session.client.getQueryData(['records', 'invoices', 'one', 'x'])).toBeUndefined()
    expect(session.client.getMutationCache().getAll()).toHaveLength(0)
    expect(await get(cacheKey('u1', 'b1'), db)).toBeUndefined()
    expect(business.businessState()).toMatchObject({ current: 'u1', role: 'owner' })
    // Nothing queued was sent to the business the person left.
    onlineManager.setOnline(true)
    expect(created).toEqual([])
  })

  it('the last business gone leaves the person with none', async () => {
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1', 'member')])
    await applyMemberships('u1', [], () => {})
    expect(business.businessState()).toMatchObject({ current: null, known: true })
  })

  it('a role lowered to accountant drops the queued writes (they would be refused) and the controls follow', async () => {
    business.startBusinessContext('u1')
    business.setMemberships('u1', [m('b1', 'member')])
    const session = dataSessionFor('u1', 'b1')
    const stop = session.start(noEffects)
    session.client.setQueryData(['records', 'invoices', 'one', 'x'], { id: 'x' })
    onlineManager.setOnline(false)
    await runWrite(writes.recordCreate, invoiceFor('Invoice for Acme'), session.client)
    const told: unknown[] = []
    await applyMemberships('u1', [m('b1', 'accountant')], (loss) => told.push(loss))
    stop()
    expect(told).toEqual([
      { kind: 'lowered', membership: m('b1', 'accountant'), unsent: ['Invoice for Acme'] },
    ])
    expect(session.client.getMutationCache().getAll().filter(isPending)).toHaveLength(0)
    // What the role still reads stays.
    expect(session.client.getQueryData(['records', 'invoices', 'one', 'x'])).toEqual({ id: 'x' })
    expect(business.businessState().role).toBe('accountant')
  })
})

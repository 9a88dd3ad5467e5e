import { describe, expect, it } from 'vitest'
import type { RecordModel } from 'pocketbase'
import {
  businessState,
  chooseBusiness,
  diffMemberships,
  endBusinessContext,
  setMemberships,
  startBusinessContext,
  switchBusiness,
  type Membership,
  type Role,
} from '@/lib/business'
import { toMembership } from '@/lib/pocketbase/memberships'
import { allowsLess, can, type Action } from '@/lib/roles'

const m = (business: string, role: Role = 'owner'): Membership => ({
  id: `m-${business}`,
  user: 'u1',
  business,
  role,
  businessName: business,
})

describe('chooseBusiness: the business a person opens', () => {
  it.each([
    ['the remembered one, while still a member', [m('b1'), m('u1'), m('b2')], 'b2', 'b2'],
    [
      'their own (made from the account before teams) when none is remembered',
      [m('b1'), m('u1')],
      null,
      'u1',
    ],
    ['their own when the remembered one is gone', [m('b1'), m('u1')], 'gone', 'u1'],
    ['the first when they have no own business', [m('b1'), m('b2')], null, 'b1'],
    ['none when they belong to none', [], 'b1', null],
  ] as const)('%s', (_, list, remembered, expected) =>
    expect(chooseBusiness('u1', list, remembered)).toBe(expected),
  )
})

describe('roles: the twin of team.Can', () => {
  const table: Record<Role, Record<Action, boolean>> = {
    owner: { read: true, write: true, manage: true, export: true, own: true },
    admin: { read: true, write: true, manage: true, export: true, own: false },
    member: { read: true, write: true, manage: false, export: false, own: false },
    accountant: { read: true, write: false, manage: false, export: true, own: false },
  }
  for (const [role, actions] of Object.entries(table) as [Role, Record<Action, boolean>][])
    for (const [action, allowed] of Object.entries(actions) as [Action, boolean][])
      it(`${role} ${allowed ? 'may' : 'may not'} ${action}`, () =>
        expect(can(role, action)).toBe(allowed))
  it('no role may do anything', () => expect(can(null, 'read')).toBe(false))

  it.each([
    ['owner', 'admin', true],
    ['admin', 'member', true],
    ['member', 'accountant', true],
    ['accountant', 'member', true],
    ['member', 'admin', false],
    ['admin', 'owner', false],
  ] as const)('%s → %s is lowered: %s', (from, to, lowered) =>
    expect(allowsLess(to, from)).toBe(lowered),
  )
})

describe('diffMemberships: what a person lost', () => {
  it('a business no longer listed is lost; a role that allows less is lowered', () => {
    const change = diffMemberships(
      [m('b1', 'admin'), m('b2', 'member'), m('b3', 'member')],
      [m('b2', 'accountant'), m('b3', 'admin')],
      allowsLess,
    )
    expect(change.lost.map((x) => x.business)).toEqual(['b1'])
    expect(change.lowered).toEqual([{ membership: m('b2', 'accountant'), from: 'member' }])
  })
})

describe('the business record read with a membership: its rule and whether it is closed', () => {
  const record = (business: Record<string, unknown>) =>
    ({
      id: 'm1',
      collectionId: 'memberships',
      collectionName: 'memberships',
      user: 'u1',
      business: 'b1',
      role: 'member',
      expand: { business: { company_name: 'Ada & Co', ...business } },
    }) as unknown as RecordModel

  it.each([
    ['an open business without the rule', {}, false, false],
    ['a business that requires 2FA', { require_mfa: true }, true, false],
    ['a closed business', { closed_at: '2026-11-27 10:00:00.000Z' }, false, true],
    ['closed_at empty is open', { closed_at: '', require_mfa: false }, false, false],
  ] as const)('%s', (_, business, requireMfa, closed) => {
    expect(toMembership(record(business))).toMatchObject({ requireMfa, closed })
  })

  it('the current business carries them into the state', () => {
    startBusinessContext('u-state')
    setMemberships('u-state', [
      { ...m('b1'), user: 'u-state', closed: true },
      { ...m('b2'), user: 'u-state', requireMfa: true },
    ])
    switchBusiness('b1')
    expect(businessState()).toMatchObject({ current: 'b1', closed: true, requireMfa: false })
    switchBusiness('b2')
    expect(businessState()).toMatchObject({ current: 'b2', closed: false, requireMfa: true })
    endBusinessContext()
  })
})

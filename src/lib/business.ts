import { useSyncExternalStore } from 'react'

/**
 * The business the signed-in person works in now. A person may belong to several (an accountant
 * serves many clients); everything of the back-office — records, settings, the cached copy and
 * the queued writes — belongs to one business at a time. This module knows no domain: it holds
 * the memberships, the current business and the role in it, and remembers the choice per user.
 */
export const ROLES = ['owner', 'admin', 'member', 'accountant'] as const
export type Role = (typeof ROLES)[number]

export const isRole = (v: unknown): v is Role =>
  typeof v === 'string' && (ROLES as readonly string[]).includes(v)

export interface Membership {
  id: string
  user: string
  business: string
  role: Role
  /** The business's name, for the switcher ("" when it has none yet). */
  businessName: string
  /** The business asks every member to sign in with two factors (`require_mfa`). */
  requireMfa?: boolean
  /** The business was closed by its owner: its records are read-only (`closed_at` set). */
  closed?: boolean
}

/** Where the last business chosen by a user is remembered on this device. */
export const businessStorageKey = (userId: string) => `folio.business.${userId}`
/** The device's copy of a user's memberships, so the app starts offline in the right business. */
export const membershipsStorageKey = (userId: string) => `folio.memberships.${userId}`

/**
 * The business to open: the one remembered for this user if they still belong to it, else the
 * business with the user's own id (every account made before teams became one), else the first.
 */
export function chooseBusiness(
  userId: string,
  memberships: readonly Pick<Membership, 'business'>[],
  remembered: string | null,
): string | null {
  const ids = memberships.map((m) => m.business)
  if (remembered && ids.includes(remembered)) return remembered
  if (ids.includes(userId)) return userId
  return ids[0] ?? null
}

export interface BusinessState {
  userId: string | null
  memberships: readonly Membership[]
  /** The current business's id, or null when the person belongs to none. */
  current: string | null
  /** The role in the current business. */
  role: Role | null
  /** The current business is closed: read-only for everyone. */
  closed: boolean
  /** The current business requires two-factor sign-in of its members. */
  requireMfa: boolean
  /** True once the memberships came from the server (or the device's copy) for this user. */
  known: boolean
}

const empty: BusinessState = {
  userId: null,
  memberships: [],
  current: null,
  role: null,
  closed: false,
  requireMfa: false,
  known: false,
}
let state: BusinessState = empty
const listeners = new Set<() => void>()

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null
  } catch {
    return null
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) storage()?.removeItem(key)
    else storage()?.setItem(key, value)
  } catch {
    // Private mode or a full disk: the choice is not remembered, nothing else breaks.
  }
}

function commit(next: BusinessState) {
  state = next
  for (const l of listeners) l()
}

function withCurrent(
  userId: string,
  memberships: readonly Membership[],
  wanted: string | null,
  known: boolean,
): BusinessState {
  const current = chooseBusiness(userId, memberships, wanted)
  const here = memberships.find((m) => m.business === current)
  return {
    userId,
    memberships,
    current,
    role: here?.role ?? null,
    closed: here?.closed === true,
    requireMfa: here?.requireMfa === true,
    known,
  }
}

function readCachedMemberships(userId: string): Membership[] | null {
  const raw = read(membershipsStorageKey(userId))
  if (!raw) return null
  try {
    const list = JSON.parse(raw) as unknown
    return Array.isArray(list) ? (list as Membership[]).filter((m) => isRole(m?.role)) : null
  } catch {
    return null
  }
}

/**
 * Starts (or keeps) the context of a signed-in user from what this device knows: its copy of
 * the memberships and the remembered business. The server's list follows with `setMemberships`.
 */
export function startBusinessContext(userId: string): BusinessState {
  if (state.userId === userId) return state
  const cached = readCachedMemberships(userId)
  commit(withCurrent(userId, cached ?? [], read(businessStorageKey(userId)), cached !== null))
  return state
}

/** The memberships as the server says them now; the current business stays if it still can. */
export function setMemberships(userId: string, memberships: readonly Membership[]) {
  if (state.userId !== userId) return
  write(membershipsStorageKey(userId), JSON.stringify(memberships))
  const wanted = preferred ?? state.current ?? read(businessStorageKey(userId))
  if (preferred && memberships.some((m) => m.business === preferred)) preferred = null
  commit(withCurrent(userId, memberships, wanted, true))
}

/** Opens another business of the person's (remembered for the next visit). */
export function switchBusiness(businessId: string): boolean {
  const { userId, memberships } = state
  if (!userId || !memberships.some((m) => m.business === businessId)) return false
  write(businessStorageKey(userId), businessId)
  commit(withCurrent(userId, memberships, businessId, state.known))
  return true
}

let preferred: string | null = null

/**
 * The business to open next for a user (the one they just joined): the next list of
 * memberships opens it, whatever was open before.
 */
export function rememberBusiness(userId: string, businessId: string) {
  write(businessStorageKey(userId), businessId)
  preferred = businessId
}

/**
 * Before the server has answered (offline, or a first start after the upgrade to teams): the
 * person works in the business with their own id, which every account made before teams is.
 */
export function assumeOwnBusiness(userId: string) {
  if (state.userId !== userId || state.known) return
  commit(
    withCurrent(
      userId,
      [{ id: '', user: userId, business: userId, role: 'owner', businessName: '' }],
      userId,
      true,
    ),
  )
}

let refresher: (() => Promise<void>) | null = null

/** The signed-in app says how the memberships are read again from the server. */
export function setMembershipRefresher(fn: (() => Promise<void>) | null) {
  refresher = fn
}

/** Reads the person's memberships again (after creating or joining a business, or leaving one). */
export const refreshMemberships = (): Promise<void> => refresher?.() ?? Promise.resolve()

/** Signing out: the device forgets the memberships (the remembered choice stays). */
export function endBusinessContext() {
  if (state.userId) write(membershipsStorageKey(state.userId), null)
  commit(empty)
}

export const businessState = (): BusinessState => state

/** The current business's name ("" when it has none yet, or there is no current business). */
export const currentBusinessName = (s: BusinessState): string =>
  s.memberships.find((m) => m.business === s.current)?.businessName ?? ''

/** The current business's id ("" when there is none): sent as `business` with every write. */
export const currentBusinessId = (): string => state.current ?? ''

function subscribe(l: () => void) {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** The business context, for a screen (re-renders on a switch or a change of role). */
export function useBusiness(): BusinessState {
  return useSyncExternalStore(subscribe, businessState, businessState)
}

/** The current business's id, for a screen's query key ("" when there is none). */
export function useBusinessId(): string {
  return useSyncExternalStore(subscribe, currentBusinessId, currentBusinessId)
}

/** A per-business route's query (GET): the current business added as `business`. */
export function withBusiness(query: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...query, business: currentBusinessId() }
}

/**
 * A record filter limited to the current business, built by the SDK's `filter` (which quotes the
 * values). The API rules let a person read every business they belong to: a list must say which
 * one, or one business's records would show under another's name.
 */
export function scopedFilter(
  pb: { filter(raw: string, params?: Record<string, unknown>): string },
  expr = '',
  params: Record<string, unknown> = {},
): string {
  const scope = 'business = {:folioBusiness}'
  return pb.filter(expr ? `${scope} && (${expr})` : scope, {
    ...params,
    folioBusiness: currentBusinessId(),
  })
}

/** What changed for the person between two lists of their memberships. */
export interface MembershipChange {
  /** Businesses the person no longer belongs to. */
  lost: Membership[]
  /** Businesses where the role now allows less than before. */
  lowered: Array<{ membership: Membership; from: Role }>
}

export function diffMemberships(
  before: readonly Membership[],
  after: readonly Membership[],
  lessThan: (to: Role, from: Role) => boolean,
): MembershipChange {
  const now = new Map(after.map((m) => [m.business, m]))
  const out: MembershipChange = { lost: [], lowered: [] }
  for (const m of before) {
    const next = now.get(m.business)
    if (!next) out.lost.push(m)
    else if (lessThan(next.role, m.role)) out.lowered.push({ membership: next, from: m.role })
  }
  return out
}

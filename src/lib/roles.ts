import { useBusiness, type Role } from './business'

/**
 * What a role may do, the twin of the server's `team.Can` (server/internal/team). The server
 * decides; the app reads this only to show a sentence in place of a control that would fail.
 */
export type Action = 'read' | 'write' | 'manage' | 'export' | 'own'

const grants: Record<Role, readonly Action[]> = {
  owner: ['read', 'write', 'manage', 'export', 'own'],
  admin: ['read', 'write', 'manage', 'export'],
  member: ['read', 'write'],
  accountant: ['read', 'export'],
}

/** What a closed business still allows everyone: reading and taking its records out. */
const whileClosed: readonly Action[] = ['read', 'export']

/**
 * Whether a role may do an action; in a closed business (`closed`) only what an accountant may,
 * whatever the role, as the server refuses the rest (`folio_business_closed`).
 */
export const can = (role: Role | null | undefined, action: Action, closed = false): boolean =>
  !!role && grants[role].includes(action) && (!closed || whileClosed.includes(action))

/** True when `to` allows something `from` allowed (a lowered role). */
export const allowsLess = (to: Role, from: Role): boolean =>
  grants[from].some((a) => !grants[to].includes(a))

export interface RoleView {
  role: Role | null
  /** The current business is closed: nothing in it can be changed. */
  closed: boolean
  can(action: Action): boolean
}

/** The person's role in the current business, and what it allows (less once it is closed). */
export function useRole(): RoleView {
  const { role, closed } = useBusiness()
  return { role, closed, can: (action) => can(role, action, closed) }
}

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

export const can = (role: Role | null | undefined, action: Action): boolean =>
  !!role && grants[role].includes(action)

/** True when `to` allows something `from` allowed (a lowered role). */
export const allowsLess = (to: Role, from: Role): boolean =>
  grants[from].some((a) => !grants[to].includes(a))

export interface RoleView {
  role: Role | null
  can(action: Action): boolean
}

/** The person's role in the current business, and what it allows. */
export function useRole(): RoleView {
  const { role } = useBusiness()
  return { role, can: (action) => can(role, action) }
}

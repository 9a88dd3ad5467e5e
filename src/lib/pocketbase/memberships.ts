import type PocketBase from 'pocketbase'
import type { RecordModel } from 'pocketbase'
import { isRole, type Membership } from '../business'

/** The collection of who belongs to which business (server migration 1795300110). */
export const MEMBERSHIPS = 'memberships'

/** A membership record (with its business expanded) as the app holds it. */
export function toMembership(r: RecordModel): Membership | null {
  if (!isRole(r.role)) return null
  const business = (
    r.expand as
      | { business?: { company_name?: unknown; require_mfa?: unknown; closed_at?: unknown } }
      | undefined
  )?.business
  return {
    id: r.id,
    user: String(r.user ?? ''),
    business: String(r.business ?? ''),
    role: r.role,
    businessName: typeof business?.company_name === 'string' ? business.company_name : '',
    requireMfa: business?.require_mfa === true,
    closed: typeof business?.closed_at === 'string' && business.closed_at !== '',
  }
}

/** The signed-in person's own memberships, each with its business's name. */
export async function loadMemberships(pb: PocketBase, userId: string): Promise<Membership[]> {
  const list = await pb.collection(MEMBERSHIPS).getFullList({
    filter: pb.filter('user = {:user}', { user: userId }),
    expand: 'business',
    sort: 'created',
  })
  return list.map(toMembership).filter((m): m is Membership => m !== null)
}

/**
 * Whether the server still accepts this device's session for `userId`. Memberships read with a
 * session it no longer accepts (the password was changed on another device) come back as an empty
 * list, as PocketBase answers a guest: that is not a removal, and must not wipe anything.
 */
export async function sessionAccepted(pb: PocketBase, userId: string): Promise<boolean> {
  try {
    await pb.collection('users').getOne(userId, { fields: 'id', requestKey: null })
    return true
  } catch (error) {
    const status = (error as { status?: unknown }).status
    if (status === 401 || status === 403 || status === 404) return false
    throw error
  }
}

/**
 * Calls `changed` whenever one of the person's memberships is made, changed or deleted (a role
 * lowered, a removal): the server broadcasts it at once. Returns the unsubscribe.
 */
export async function watchMemberships(
  pb: PocketBase,
  userId: string,
  changed: () => void,
): Promise<() => Promise<void>> {
  return pb
    .collection(MEMBERSHIPS)
    .subscribe('*', () => changed(), { filter: pb.filter('user = {:user}', { user: userId }) })
}

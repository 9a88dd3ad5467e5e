import {
  businessState,
  diffMemberships,
  setMemberships,
  type Membership,
  type MembershipChange,
} from './business'
import { allowsLess, can } from './roles'
import { dropQueuedWrites, wipeBusiness } from './data-session'

/** What the person is told when a business was taken from them, or their role lowered. */
export interface AccessLoss {
  kind: 'removed' | 'lowered'
  membership: Membership
  /** The queued writes that will not be sent, in the person's words. */
  unsent: string[]
}

/**
 * Takes in the person's memberships as the server says them now. A business they no longer
 * belong to is wiped from this device at once (cached answers and queued writes), before the
 * app moves to another business; a role that can no longer write drops the business's queued
 * writes (the server would refuse them). Each loss is told with what could not be sent.
 */
export async function applyMemberships(
  userId: string,
  next: readonly Membership[],
  tell: (loss: AccessLoss) => void,
): Promise<MembershipChange> {
  const before = businessState()
  const change: MembershipChange =
    before.userId === userId && before.known
      ? diffMemberships(before.memberships, next, allowsLess)
      : { lost: [], lowered: [] }
  for (const m of change.lost) {
    const unsent = await wipeBusiness(userId, m.business)
    tell({ kind: 'removed', membership: m, unsent })
  }
  for (const { membership } of change.lowered) {
    const unsent = can(membership.role, 'write')
      ? []
      : await dropQueuedWrites(userId, membership.business)
    tell({ kind: 'lowered', membership, unsent })
  }
  setMemberships(userId, next)
  return change
}

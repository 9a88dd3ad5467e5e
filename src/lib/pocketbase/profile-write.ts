import type { RecordModel } from 'pocketbase'
import type { ProfileChanges } from '@machines/auth/types'
import { defineWrite } from '../writes'
import { loadPb } from './instance'

export interface ProfileUpdate {
  userId: string
  changes: ProfileChanges
}

/** A change to the signed-in user's profile; the auth chart sends it through the write queue. */
export const profileWrite = defineWrite({
  key: ['users', 'update'],
  async run({ userId, changes }: ProfileUpdate): Promise<RecordModel> {
    const pb = await loadPb()
    const body: Record<string, unknown> = {}
    if (changes.name !== undefined) body.name = changes.name
    if (changes.company !== undefined) body.company = changes.company
    if (changes.avatar !== undefined) body.avatar = changes.avatar ?? ''
    const record = await pb.collection('users').update(userId, body)
    if (pb.authStore.record?.id === record.id) pb.authStore.save(pb.authStore.token, record)
    return record
  },
  describe({ changes }: ProfileUpdate) {
    const parts = [
      changes.name !== undefined ? `name “${changes.name}”` : null,
      changes.company !== undefined ? `company “${changes.company}”` : null,
      changes.avatar ? 'a new avatar' : null,
    ].filter(Boolean)
    return `Profile: ${parts.join(', ') || 'no change'}`
  },
  // Only changes that were queued report here; a direct save reports through the auth chart.
  sentNotice: () => ({
    title: 'Profile updated successfully',
    detail: 'Your offline change was sent.',
  }),
})

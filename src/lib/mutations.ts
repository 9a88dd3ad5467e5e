import type { Mutation, MutationKey, QueryClient } from '@tanstack/react-query'
import type { RecordModel } from 'pocketbase'
import type { ProfileChanges } from '@machines/auth/types'
import { loadPb } from './pocketbase/instance'
import { notify } from './toast'
import { mutationErrorMessage } from './api-errors'

/** Every write of the app has a key here, so a change persisted offline finds its function again. */
export const mutationKeys = {
  profileUpdate: ['users', 'update'] as const,
}

export interface ProfileUpdate {
  userId: string
  changes: ProfileChanges
}

export function describeMutation(m: Mutation): string {
  const key = JSON.stringify(m.options.mutationKey)
  if (key === JSON.stringify(mutationKeys.profileUpdate)) {
    const changes = (m.state.variables as ProfileUpdate | undefined)?.changes ?? {}
    const parts = [
      changes.name !== undefined ? `name “${changes.name}”` : null,
      changes.company !== undefined ? `company “${changes.company}”` : null,
      changes.avatar ? 'a new avatar' : null,
    ].filter(Boolean)
    return `Profile: ${parts.join(', ') || 'no change'}`
  }
  return 'A change'
}

async function updateProfile({ userId, changes }: ProfileUpdate): Promise<RecordModel> {
  const pb = await loadPb()
  const body: Record<string, unknown> = {}
  if (changes.name !== undefined) body.name = changes.name
  if (changes.company !== undefined) body.company = changes.company
  if (changes.avatar !== undefined) body.avatar = changes.avatar ?? ''
  const record = await pb.collection('users').update(userId, body)
  if (pb.authStore.record?.id === record.id) pb.authStore.save(pb.authStore.token, record)
  return record
}

export function registerMutationDefaults(qc: QueryClient) {
  qc.setMutationDefaults(mutationKeys.profileUpdate as unknown as MutationKey, {
    mutationFn: (vars: unknown) => updateProfile(vars as ProfileUpdate),
    // Only changes that were queued report here; a direct save reports through the auth chart.
    onSuccess: (_d, _v, _c, mutation) => {
      if (mutation.meta?.queued)
        notify('success', 'Profile updated successfully', 'Your offline change was sent.')
    },
    onError: (error, _v, _c, mutation) => {
      if (mutation.meta?.queued)
        notify('error', 'An offline change was refused', mutationErrorMessage(error))
    },
    meta: { silent: true },
  })
}

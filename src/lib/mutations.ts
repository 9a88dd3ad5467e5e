import type { Mutation, MutationKey, QueryClient } from '@tanstack/react-query'
import type { RecordModel } from 'pocketbase'
import type { ProfileChanges } from '@machines/auth/types'
import { loadPb } from './pocketbase/instance'
import { notify } from './toast'
import { mutationErrorMessage } from './api-errors'
import {
  applyOptimistic,
  convertQuote,
  createRecord,
  deleteRecord,
  sendDocument,
  updateRecord,
  type CreateVars,
} from '../billing/writes'
import { dashboardKey, recordKeys } from '../billing/queries'

/** Every write of the app has a key here, so a change persisted offline finds its function again. */
export const mutationKeys = {
  profileUpdate: ['users', 'update'] as const,
  recordCreate: ['records', 'create'] as const,
  recordUpdate: ['records', 'update'] as const,
  recordDelete: ['records', 'delete'] as const,
  quoteConvert: ['quotes', 'convert'] as const,
  documentSend: ['documents', 'send'] as const,
  settingsUpdate: ['users', 'settings'] as const,
}

/** A change to the account's business settings or reminder preferences (fields of users). */
export interface SettingsUpdate {
  userId: string
  body: Record<string, unknown>
  label: string
}

async function updateSettings({ userId, body }: SettingsUpdate): Promise<RecordModel> {
  const pb = await loadPb()
  return pb.collection('users').update(userId, body)
}

/** The back-office writes, in the queue's order of registration. */
const recordWrites = [
  { key: mutationKeys.recordCreate, fn: createRecord, kind: 'create' },
  { key: mutationKeys.recordUpdate, fn: updateRecord, kind: 'update' },
  { key: mutationKeys.recordDelete, fn: deleteRecord, kind: 'delete' },
  { key: mutationKeys.quoteConvert, fn: convertQuote, kind: null },
  { key: mutationKeys.documentSend, fn: sendDocument, kind: null },
] as const

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
  const label = (m.state.variables as { label?: unknown } | undefined)?.label
  return typeof label === 'string' && label ? label : 'A change'
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

  qc.setMutationDefaults(mutationKeys.settingsUpdate as unknown as MutationKey, {
    mutationFn: (vars: unknown) => updateSettings(vars as SettingsUpdate),
    onMutate: (vars: unknown) => {
      const { userId, body } = vars as SettingsUpdate
      // A file (a new logo) has no URL until the server stores it: it shows once saved.
      const plain = Object.fromEntries(Object.entries(body).filter(([, v]) => !(v instanceof Blob)))
      qc.setQueriesData({ queryKey: ['users', userId] }, (old: unknown) =>
        old && typeof old === 'object' ? { ...old, ...plain } : old,
      )
    },
    onSuccess: (_d, vars, _c, mutation) => {
      if (mutation.meta?.queued)
        notify('success', 'Offline change sent', (vars as SettingsUpdate).label)
      void qc.invalidateQueries({ queryKey: ['users', (vars as SettingsUpdate).userId] })
    },
    onError: (error, vars, _c, mutation) => {
      void qc.invalidateQueries({ queryKey: ['users', (vars as SettingsUpdate).userId] })
      if (mutation.meta?.queued)
        notify('error', 'An offline change was refused', mutationErrorMessage(error))
    },
    meta: { silent: true },
  })
  for (const w of recordWrites) {
    qc.setMutationDefaults(w.key as unknown as MutationKey, {
      mutationFn: (vars: unknown) => (w.fn as (v: unknown) => Promise<unknown>)(vars),
      onMutate: (vars: unknown) => {
        if (w.kind) applyOptimistic(qc, w.kind, vars as CreateVars)
      },
      onSuccess: (_d, vars, _c, mutation) => {
        if (mutation.meta?.queued)
          notify('success', 'Offline change sent', (vars as { label?: string }).label)
        void qc.invalidateQueries({ queryKey: recordKeys.all })
        void qc.invalidateQueries({ queryKey: dashboardKey })
      },
      onError: (error, _v, _c, mutation) => {
        // The record's cached copy may show a change the server refused: fetch it again.
        void qc.invalidateQueries({ queryKey: recordKeys.all })
        if (mutation.meta?.queued)
          notify('error', 'An offline change was refused', mutationErrorMessage(error))
      },
      // Screens show refusals next to the fields; queued ones are listed in the header.
      meta: { silent: true },
    })
  }
}

import type { MutationKey } from '@tanstack/react-query'
import { runQueued } from '../lib/mutation-queue'
import { notify } from '../lib/toast'
import { refusal } from './realtime'

export type SaveOutcome<T> =
  | { ok: true; queued: false; data: T }
  | { ok: true; queued: true }
  | { ok: false; message: string; fields: Record<string, string> }

/**
 * Runs a back-office write through the offline queue. Offline it is kept on this device (and
 * said so); a refusal from the server comes back with its message and field messages.
 */
export async function save<T>(
  key: readonly unknown[],
  vars: unknown,
  queuedMessage = 'Saved on this device. It will be sent when you are back online.',
): Promise<SaveOutcome<T>> {
  try {
    const r = await runQueued<T>(key as MutationKey, vars)
    if (r.queued) {
      notify('info', 'You are offline', queuedMessage)
      return { ok: true, queued: true }
    }
    return { ok: true, queued: false, data: r.data }
  } catch (error) {
    return { ok: false, ...refusal(error) }
  }
}

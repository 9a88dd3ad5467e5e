import { queryOptions } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { loadPb } from '@/lib/pocketbase/instance'
import { twoFactorCalls, type TwoFactorStatus } from '@/lib/pocketbase/auth-ports'
import type { AuthActor } from '@machines/auth/auth.machine'
import { toAuthFailure } from '@machines/auth/messages'

export const twoFactor = twoFactorCalls(loadPb)

export type TwoFactorStatusData = TwoFactorStatus

/**
 * The signed-in user's 2FA status from the server: whether it is on and how many backup codes are
 * left (never a secret nor a code). Keyed by whether the chart says 2FA is on, so enabling or
 * disabling reads it again.
 */
export const twoFactorStatusQuery = (userId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['users', userId, 'twoFactor', enabled] as const,
    queryFn: () => twoFactor.status(),
    enabled,
    // A sign-in with a backup code spends one: read it again whenever the section shows.
    staleTime: 0,
    // A count that can't be read is left out; it never ends the session nor leaves the page.
    meta: { silent: true },
  })

/** The chart's invocations whose refusal the 2FA section says at its code field. */
const CODE_CHECKS = new Set(['xstate.error.actor.confirmTotp', 'xstate.error.actor.disableTotp'])

/** A refusal of the 2FA section, and the field it is about: the code, or the current password. */
export interface TwoFactorRefusal {
  field: 'code' | 'password'
  message: string
}

/**
 * Why the server refused the last code (or current password) the auth chart sent to enable or
 * disable 2FA, in the interface's language ("Invalid 2FA code.", "The current password is not
 * correct.", "Too many attempts…"). The chart keeps its SPEC toasts ("Failed to enable 2FA"); the
 * reason is read off the chart's own error event, so the chart is not changed for it.
 */
export function useTwoFactorRefusal(auth: AuthActor) {
  const [reason, setReason] = useState<TwoFactorRefusal | null>(null)
  useEffect(() => {
    const sub = auth.system.inspect((e) => {
      if (e.type !== '@xstate.event' || e.actorRef !== auth || !CODE_CHECKS.has(e.event.type))
        return
      const { error } = e.event as { error?: unknown }
      const failure = toAuthFailure(error)
      const password = failure.fields?.password?.trim()
      if (password) {
        setReason({ field: 'password', message: password })
        return
      }
      const message = failure.message.trim()
      setReason(message ? { field: 'code', message } : null)
    })
    return () => sub.unsubscribe()
  }, [auth])
  return [reason, setReason] as const
}

import { createContext, useContext } from 'react'
import { useSelector } from '@xstate/react'
import type { AuthActor, AuthSnapshot } from '@machines/auth/auth.machine'

/** The running auth chart; the app creates it once and provides it at the root. */
export const AuthActorContext = createContext<AuthActor | null>(null)

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext)
  if (!actor) throw new Error('useAuthActor needs <AuthActorContext.Provider>')
  return actor
}

export function useAuthSelector<T>(selector: (s: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), selector)
}

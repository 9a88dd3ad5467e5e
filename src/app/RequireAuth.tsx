import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { signInHref } from '@/config/paths'
import { useAuthSelector } from '@/lib/auth-context'
import { selectIsAuthenticated, selectIsLoading } from '@machines/auth/selectors'
import { RouteProgress } from '@/components/route-progress'

/** The guard: no valid session → /sign-in?redirect=<where the user was going>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loading = useAuthSelector(selectIsLoading)
  const authenticated = useAuthSelector(selectIsAuthenticated)
  // A stored session is shown while it is being refreshed: the screens do not wait for the network.
  if (authenticated) return <>{children}</>
  if (loading) return <RouteProgress />
  // window.location, not wouter's location: inside a nested route that one is relative.
  const here = `${window.location.pathname}${window.location.search}`
  return <Redirect to={signInHref(here)} replace />
}

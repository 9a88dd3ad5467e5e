import { Suspense, useEffect, useState } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { AuthActorContext, useAuthSelector } from '@/lib/auth-context'
import { followSystemTheme, usePreferences } from '@/lib/use-preferences'
import { resolveTheme } from '@/lib/preferences'
import { lazyWithPreload, preloadRoute, registerPreload } from '@/lib/preload'
import { hasStoredAuth, storedUserId } from '@/lib/pocketbase/instance'
import { ErrorBoundary } from '@/components/error-boundary'
import { RouteProgress } from '@/components/route-progress'
import { LazyToaster } from '@/components/lazy-toaster'
import { selectIsAuthenticated } from '@machines/auth/selectors'
import { startAuth } from './auth'
import { registerServiceWorker } from './pwa'
import { RequireAuth } from './RequireAuth'
import { NotFound, publicRoutes, signedInRoutes, signedOutOnly } from './routes'

/** The signed-in area (layout, data layer, screens) is a chunk of its own. */
const { Component: SignedInApp, preload: loadSignedIn } = lazyWithPreload(
  () => import('./SignedInApp'),
)
for (const r of signedInRoutes)
  registerPreload(r.path, () => Promise.all([loadSignedIn(), r.preload()]))
/**
 * With a session on this device, the screen being opened is fetched before the first render (from
 * the service worker's cache, offline): React then shows it at once instead of a fallback.
 */
const keptUser = storedUserId()
if (keptUser) void import('@/lib/query-persist').then((m) => m.readPersistedEarly(keptUser))
export const firstScreenReady: Promise<void> = hasStoredAuth()
  ? Promise.race([
      preloadRoute(window.location.pathname),
      new Promise<void>((r) => setTimeout(r, 1000)),
    ])
  : Promise.resolve()

const SIGNED_IN_PREFIXES = [...signedInRoutes.map((r) => r.path), paths.settings]
const isSignedInPath = (p: string) =>
  SIGNED_IN_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))

export function App() {
  const [auth] = useState(startAuth)
  useEffect(() => followSystemTheme(), [])
  useEffect(() => registerServiceWorker(), [])
  return (
    <AuthActorContext.Provider value={auth}>
      <Toasts />
      <Routes />
    </AuthActorContext.Provider>
  )
}

function Toasts() {
  const prefs = usePreferences()
  const dark =
    typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches
  return <LazyToaster theme={resolveTheme(prefs.theme, dark)} />
}

function Routes() {
  const [location] = useLocation()
  const authenticated = useAuthSelector(selectIsAuthenticated)
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<RouteProgress />}>
        <Switch>
          {publicRoutes.map(({ path, Component }) => (
            <Route key={path} path={path}>
              {authenticated && signedOutOnly.includes(path) ? (
                <Redirect to={paths.dashboard} replace />
              ) : (
                <Component />
              )}
            </Route>
          ))}
          <Route
            path={
              /^\/(?:dashboard|profile|customers|invoices|payments|quotes|help-center|settings)(?:\/.*)?$/
            }
          >
            {isSignedInPath(location) ? (
              <RequireAuth>
                <SignedInApp />
              </RequireAuth>
            ) : (
              <NotFound.Component />
            )}
          </Route>
          <Route>
            <NotFound.Component />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  )
}

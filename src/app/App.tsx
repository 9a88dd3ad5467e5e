import { Suspense, useEffect, useState } from 'react'
import { Redirect, Route, Router, Switch, useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { AuthActorContext, useAuthSelector } from '@/lib/auth-context'
import { followSystemTheme, usePreferences } from '@/lib/use-preferences'
import { readPreferences, resolveTheme } from '@/lib/preferences'
import { ensureBundle, startLocale } from '@/lib/i18n'
import { lazyWithPreload, preloadRoute, registerPreload } from '@/lib/preload'
import { guardNavigation } from '@/lib/leave-guard'
import { hasStoredAuth, storedUserId } from '@/lib/pocketbase/instance'
import { ErrorBoundary } from '@/components/error-boundary'
import { RouteProgress } from '@/components/route-progress'
import { LazyToaster } from '@/components/lazy-toaster'
import { selectIsAuthenticated } from '@machines/auth/selectors'
import { startAuth } from './auth'
import { registerServiceWorker } from './pwa'
import { RequireAuth } from './RequireAuth'
import { NotFound, publicPages, signedInArea, signedInPages } from './routes'

/** The signed-in area (layout, data layer, screens) is a chunk of its own. */
const { Component: SignedInApp, preload: loadSignedIn } = lazyWithPreload(async () => {
  const [m] = await Promise.all([import('./SignedInApp'), ensureBundle('app')])
  return m
})
for (const p of publicPages) registerPreload(p.path, p.preload)
for (const p of signedInPages)
  registerPreload(p.path, () => Promise.all([loadSignedIn(), p.preload()]))
/**
 * With a session on this device, the screen being opened is fetched before the first render (from
 * the service worker's cache, offline): React then shows it at once instead of a fallback.
 */
const keptUser = storedUserId()
if (keptUser) void import('@/lib/query-persist').then((m) => m.readPersistedEarly(keptUser))
/** The interface's language is known first: every bundle the first screen loads is in it. */
const localeReady = startLocale(readPreferences(document.cookie, navigator.languages).language, [
  'core',
])
const screenReady: Promise<void> = hasStoredAuth()
  ? Promise.race([
      preloadRoute(window.location.pathname),
      new Promise<void>((r) => setTimeout(r, 1000)),
    ])
  : Promise.resolve()
/** The first render also waits for the interface's messages in the chosen language. */
export const firstScreenReady: Promise<void> = Promise.all([screenReady, localeReady]).then(
  () => undefined,
)

export function App() {
  const [auth] = useState(startAuth)
  useEffect(() => followSystemTheme(), [])
  useEffect(() => registerServiceWorker(), [])
  return (
    <AuthActorContext.Provider value={auth}>
      <Toasts />
      {/* In-app navigation asks first while a form holds unsaved changes. */}
      <Router aroundNav={guardNavigation}>
        <Routes />
      </Router>
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
          {publicPages.map(({ path, access, Component }) => (
            <Route key={path} path={path}>
              {authenticated && access === 'signedOut' ? (
                <Redirect to={paths.dashboard} replace />
              ) : (
                <Component />
              )}
            </Route>
          ))}
          <Route path={signedInArea}>
            <RequireAuth>
              <SignedInApp />
            </RequireAuth>
          </Route>
          <Route>
            <NotFound.Component />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  )
}

import { Suspense } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { useAuthSelector } from '@/lib/auth-context'
import { ensureBundle } from '@/lib/i18n'
import { lazyWithPreload, registerPreload } from '@/lib/preload'
import { ErrorBoundary } from '@/components/error-boundary'
import { RouteProgress } from '@/components/route-progress'
import { selectIsAuthenticated } from '@machines/auth/selectors'
import { RequireAuth } from './RequireAuth'
import { NotFound, publicPages, signedInArea, signedInPages } from './routes'

/**
 * The app's routes, without anything that needs a browser at load time: the browser renders them
 * inside <App>, and the build renders the public ones to HTML (src/prerender.tsx).
 */

/** The signed-in area (layout, data layer, screens) is a chunk of its own. */
const { Component: SignedInApp, preload: loadSignedIn } = lazyWithPreload(async () => {
  const [m] = await Promise.all([import('./SignedInApp'), ensureBundle('app')])
  return m
})
for (const p of publicPages) registerPreload(p.path, p.preload)
for (const p of signedInPages)
  registerPreload(p.path, () => Promise.all([loadSignedIn(), p.preload()]))

export function Routes() {
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

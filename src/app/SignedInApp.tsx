import { Suspense } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { paths } from '@/config/paths'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { createQueryClient } from '@/lib/query-client'
import { registerSignOutCleanup } from '@/lib/sign-out-cleanup'
import { notify } from '@/lib/toast'
import { ErrorBoundary } from '@/components/error-boundary'
import { RouteProgress } from '@/components/route-progress'
import { AppShell } from '@/components/layout/AppShell'
import type { AuthActor } from '@machines/auth/auth.machine'
import { selectIsOffline, selectUser } from '@machines/auth/selectors'
import { NotFound, settingsLayout, settingsRoutes, signedInNav, signedInRoutes } from './routes'

let client: QueryClient | null = null

/** One query client for the life of the page, with the SPEC §8 error effects. */
function queryClientFor(auth: AuthActor): QueryClient {
  if (client) return client
  const qc = createQueryClient({
    sessionExpired: () =>
      auth.send({
        type: 'session.expired',
        redirect: `${window.location.pathname}${window.location.search}`,
      }),
    serverError: () => {
      notify('error', 'Internal Server Error!')
      navigate(paths.error500)
    },
    mutationFailed: (message) => notify('error', message),
  })
  // Signing out wipes every cached answer of the user before the session goes.
  registerSignOutCleanup(async () => {
    await qc.cancelQueries()
    qc.clear()
  })
  client = qc
  return qc
}

export default function SignedInApp() {
  const auth = useAuthActor()
  const user = useAuthSelector(selectUser)
  const offline = useAuthSelector(selectIsOffline)
  const [location] = useLocation()
  const queryClient = queryClientFor(auth)
  if (!user) return null
  const SettingsLayout = settingsLayout.Component
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        nav={signedInNav}
        user={user}
        onSignOut={() => auth.send({ type: 'user.signOut' })}
        banner={
          offline ? (
            <p role="status" className="border-b border-border bg-muted px-4 py-2 text-sm">
              Offline — showing your saved session. Changes are sent when the connection returns.
            </p>
          ) : null
        }
      >
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<RouteProgress />}>
            <Switch>
              {signedInRoutes.map(({ path, Component }) => (
                <Route key={path} path={path}>
                  <Component />
                </Route>
              ))}
              <Route path={paths.settings} nest>
                <SettingsLayout>
                  <Switch>
                    {settingsRoutes.map(({ path, Component }) => (
                      <Route
                        key={path}
                        path={path === '/settings/index' ? '/' : path.slice('/settings'.length)}
                      >
                        <Component />
                      </Route>
                    ))}
                    <Route>
                      <NotFound.Component />
                    </Route>
                  </Switch>
                </SettingsLayout>
              </Route>
              <Route>
                <NotFound.Component />
              </Route>
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </AppShell>
    </QueryClientProvider>
  )
}

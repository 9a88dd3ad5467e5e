import { Suspense, lazy, useEffect, useMemo } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { paths } from '@/config/paths'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { dataSessionFor } from '@/lib/data-session'
import type { QueryErrorEffects } from '@/lib/query-client'
import { isPending, registerWrites } from '@/lib/writes'
import { mayLeave } from '@/lib/leave-guard'
import { profileWrite } from '@/lib/pocketbase/profile-write'
import { useOnline } from '@/lib/use-online'
import { SyncStatus, useLastSync } from '@/components/layout/SyncStatus'
import { notify } from '@/lib/toast'
import { ensureForeignBundle, intlLocale, t, useLocale, useT } from '@/lib/i18n'
import { ErrorBoundary } from '@/components/error-boundary'
import { RouteProgress } from '@/components/route-progress'
import { AppShell } from '@/components/layout/AppShell'
import { useRealtimeSync } from '@/billing/realtime'
import { billingWrites } from '@/billing/writes'
import type { AuthActor } from '@machines/auth/auth.machine'
import { selectIsOffline, selectUser } from '@machines/auth/selectors'
import { NotFound, signedInNav, signedInPages } from './routes'
import { RouteTitle } from './RouteTitle'
import { PaletteLauncher } from './palette/PaletteLauncher'

// Every write the signed-in app can queue, registered before a saved queue is restored.
registerWrites([profileWrite, ...billingWrites])
// The server's refusals said again in another language (src/lib/refusal-text.ts): English shows
// the server's own sentences, so only the other languages load these messages.
void ensureForeignBundle('refusals')

/** SPEC §8 effects of failed queries and mutations, wired to the chart and the router. */
function effectsFor(auth: AuthActor): QueryErrorEffects {
  return {
    sessionExpired: () =>
      auth.send({
        type: 'session.expired',
        redirect: `${window.location.pathname}${window.location.search}`,
      }),
    serverError: () => {
      notify('error', t('common.serverError'))
      navigate(paths.error500)
    },
    mutationFailed: (message) => notify('error', message),
  }
}

export default function SignedInApp() {
  const auth = useAuthActor()
  const user = useAuthSelector(selectUser)
  const offline = useAuthSelector(selectIsOffline)
  const [location] = useLocation()
  const online = useOnline()
  const session = useMemo(() => (user ? dataSessionFor(user.id) : null), [user])
  useEffect(() => session?.start(effectsFor(auth)), [session, auth])
  if (!user || !session) return null
  const queryClient = session.client
  return (
    <PersistQueryClientProvider
      key={user.id}
      client={queryClient}
      persistOptions={session.persistOptions}
      onSuccess={() => void queryClient.resumePausedMutations()}
    >
      <RealtimeSync enabled={online && !offline} />
      <RouteTitle location={location} />
      <AppShell
        nav={signedInNav}
        user={user}
        search={<PaletteLauncher />}
        headerExtra={
          <Suspense fallback={null}>
            <Reminders userId={user.id} />
          </Suspense>
        }
        onSignOut={() => {
          const waiting = queryClient.getMutationCache().getAll().filter(isPending).length
          if (waiting && !window.confirm(t('shell.signOutPending', { count: waiting }))) return
          if (!mayLeave(t('shell.draft.signOut'))) return
          auth.send({ type: 'user.signOut' })
        }}
        banner={
          <>
            {offline || !online ? <OfflineBanner /> : null}
            <SyncStatus />
          </>
        }
      >
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<RouteProgress />}>
            <Switch>
              {signedInPages.map(({ path, Component, layout: Layout }) => (
                <Route key={path} path={path}>
                  {Layout ? (
                    <Layout>
                      <Component />
                    </Layout>
                  ) : (
                    <Component />
                  )}
                </Route>
              ))}
              <Route>
                <NotFound.Component />
              </Route>
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </AppShell>
    </PersistQueryClientProvider>
  )
}

// The reminders menu (Radix) loads after the first screen has painted.
const Reminders = lazy(() =>
  import('@/billing/ui/Reminders').then((m) => ({ default: m.Reminders })),
)

/** Inside the query provider: live updates from other devices while online. */
function RealtimeSync({ enabled }: { enabled: boolean }) {
  useRealtimeSync(enabled)
  return null
}

function OfflineBanner() {
  const t = useT()
  const locale = useLocale()
  const last = useLastSync()
  const when = last
    ? new Date(last).toLocaleString(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' })
    : null
  return (
    <p role="status" className="border-b border-border bg-muted px-4 py-2 text-sm">
      {when ? t('shell.offline.savedDataFrom', { when }) : t('shell.offline.savedData')}{' '}
      {t('shell.offline.changesWait')}
    </p>
  )
}

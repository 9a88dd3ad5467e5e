import { Suspense, lazy } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import {
  PersistQueryClientProvider,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { paths } from '@/config/paths'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { configureDataEffects, dataClient, isPending, isRefused } from '@/lib/data-client'
import {
  CACHE_BUSTER,
  PERSIST_MAX_AGE_MS,
  openPersistence,
  userPersister,
  wipePersisted,
  wipeRuntimeCaches,
} from '@/lib/query-persist'
import { useOnline } from '@/lib/use-online'
import { SyncStatus, useLastSync } from '@/components/layout/SyncStatus'
import { registerSignOutCleanup } from '@/lib/sign-out-cleanup'
import { notify } from '@/lib/toast'
import { ErrorBoundary } from '@/components/error-boundary'
import { RouteProgress } from '@/components/route-progress'
import { AppShell } from '@/components/layout/AppShell'
import { useRealtimeSync } from '@/billing/realtime'
import type { AuthActor } from '@machines/auth/auth.machine'
import { selectIsOffline, selectUser } from '@machines/auth/selectors'
import { NotFound, settingsLayout, settingsRoutes, signedInNav, signedInRoutes } from './routes'

/** SPEC §8 effects of failed queries and mutations, wired once to the chart and the router. */
function connectEffects(auth: AuthActor) {
  configureDataEffects({
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
}

let cleanupFor: string | null = null
/** Signing out wipes the user's cached answers, queued changes and private caches. */
function wipeOnSignOut(userId: string) {
  if (cleanupFor === userId) return
  cleanupFor = userId
  registerSignOutCleanup(async () => {
    // Stop saving first, so clearing the caches below writes nothing back.
    const wiping = Promise.all([wipePersisted(userId), wipeRuntimeCaches()])
    const qc = dataClient()
    await qc.cancelQueries()
    qc.getMutationCache().clear()
    qc.clear()
    await wiping
  })
}

export default function SignedInApp() {
  const auth = useAuthActor()
  const user = useAuthSelector(selectUser)
  const offline = useAuthSelector(selectIsOffline)
  const [location] = useLocation()
  const online = useOnline()
  if (!user) return null
  connectEffects(auth)
  wipeOnSignOut(user.id)
  openPersistence(user.id)
  const queryClient = dataClient()
  const persistOptions = persistOptionsFor(user.id)
  const SettingsLayout = settingsLayout.Component
  return (
    <PersistQueryClientProvider
      key={user.id}
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => void queryClient.resumePausedMutations()}
    >
      <RealtimeSync enabled={online && !offline} />
      <AppShell
        nav={signedInNav}
        user={user}
        headerExtra={
          <Suspense fallback={null}>
            <Reminders userId={user.id} />
          </Suspense>
        }
        onSignOut={() => {
          const waiting = queryClient.getMutationCache().getAll().filter(isPending).length
          const warning = `${waiting === 1 ? '1 change has' : `${waiting} changes have`} not been sent yet. Signing out discards ${waiting === 1 ? 'it' : 'them'}. Sign out anyway?`
          if (waiting && !window.confirm(warning)) return
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
  const last = useLastSync()
  const when = last
    ? new Date(last).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : null
  return (
    <p role="status" className="border-b border-border bg-muted px-4 py-2 text-sm">
      {when ? `Offline — showing saved data from ${when}.` : 'Offline — showing saved data.'}{' '}
      Changes are sent when the connection returns.
    </p>
  )
}

type PersistOptions = Omit<PersistQueryClientOptions, 'queryClient'>
const persistOptionsByUser = new Map<string, PersistOptions>()
/** Stable per user: a new object each render would make the provider restore again. */
function persistOptionsFor(userId: string): PersistOptions {
  let options = persistOptionsByUser.get(userId)
  if (!options) {
    options = {
      persister: userPersister(userId),
      maxAge: PERSIST_MAX_AGE_MS,
      buster: CACHE_BUSTER,
      dehydrateOptions: { shouldDehydrateMutation: (m) => isPending(m) || isRefused(m) },
    }
    persistOptionsByUser.set(userId, options)
  }
  return options
}

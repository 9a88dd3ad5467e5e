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
import { ensureBundle, ensureForeignBundle, intlLocale, t, useLocale, useT } from '@/lib/i18n'
import { ErrorBoundary } from '@/components/error-boundary'
import { RouteProgress } from '@/components/route-progress'
import { AppShell } from '@/components/layout/AppShell'
import { BusinessSwitcher } from '@/components/layout/BusinessSwitcher'
import { currentBusinessName, switchBusiness, useBusiness } from '@/lib/business'
import { needsSecondFactor, TwoFactorGate } from '@/features/team/TwoFactorGate'
import { can } from '@/lib/roles'
import { RoleNote } from '@/components/ui/role-note'
import { useBusinessContext } from './business-context'
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
  const user = useAuthSelector(selectUser)
  const business = useBusinessContext(user?.id ?? null)
  if (!user) return null
  if (!business.current)
    return business.known ? (
      <Suspense fallback={<RouteProgress />}>
        <NoBusinessPage />
      </Suspense>
    ) : (
      <RouteProgress />
    )
  // A switch mounts the whole area anew on the other business's data: nothing of one business
  // stays on screen under the other's name.
  return <BusinessArea key={`${user.id}:${business.current}`} business={business.current} />
}

function BusinessArea({ business }: { business: string }) {
  const auth = useAuthActor()
  const user = useAuthSelector(selectUser)
  const offline = useAuthSelector(selectIsOffline)
  const [location] = useLocation()
  const online = useOnline()
  const here = useBusiness()
  const userId = user?.id
  const session = useMemo(
    () => (userId ? dataSessionFor(userId, business) : null),
    [userId, business],
  )
  useEffect(() => session?.start(effectsFor(auth)), [session, auth])
  if (!user || !session) return null
  const queryClient = session.client
  const businessName = currentBusinessName(here) || t('team.switcher.unnamed')
  // The business asks for two factors and this person has none yet: one page says so, in place
  // of every screen but where it is turned on. The chart's user changes once it is on.
  const gated = needsSecondFactor(here.requireMfa, user.totpEnabled, location)
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={session.persistOptions}
      onSuccess={() => void queryClient.resumePausedMutations()}
    >
      <RealtimeSync enabled={online && !offline} />
      <RouteTitle location={location} />
      <AppShell
        nav={signedInNav}
        user={user}
        search={
          <>
            <BusinessSwitcher
              onSwitch={(id) => {
                if (id === business || !mayLeave(t('shell.draft.leave'))) return
                switchBusiness(id)
                navigate(paths.dashboard)
              }}
              onCreate={() => navigate(paths.businessNew)}
            />
            <PaletteLauncher />
          </>
        }
        headerExtra={
          <Suspense fallback={null}>
            <Reminders />
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
            {here.closed ? <ClosedBanner /> : null}
            <ReadOnlyBanner />
            <SyncStatus />
          </>
        }
      >
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<RouteProgress />}>
            {gated ? (
              <TwoFactorGate business={businessName} />
            ) : (
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
            )}
          </Suspense>
        </ErrorBoundary>
      </AppShell>
    </PersistQueryClientProvider>
  )
}

// A person without a business (all were left, or the invitation is still to come) sees this.
const NoBusinessPage = lazy(async () => {
  const [m] = await Promise.all([import('@/features/team/NoBusinessPage'), ensureBundle('screens')])
  return m
})

// The reminders menu (Radix) loads after the first screen has painted.
const Reminders = lazy(() =>
  import('@/billing/ui/Reminders').then((m) => ({ default: m.Reminders })),
)

/** Inside the query provider: live updates from other devices while online. */
function RealtimeSync({ enabled }: { enabled: boolean }) {
  useRealtimeSync(enabled)
  return null
}

/** A closed business: everyone reads, nobody changes (the server refuses every write). */
function ClosedBanner() {
  const t = useT()
  return (
    <p role="status" className="border-b border-border bg-muted px-4 py-2 text-sm">
      <bdi>{t('team.closed.banner')}</bdi>
    </p>
  )
}

/** A role that changes nothing (an accountant) is told so once, above every page. */
function ReadOnlyBanner() {
  const { role, closed } = useBusiness()
  // A closed business says so in its own banner.
  if (closed || can(role, 'write')) return null
  return (
    <div className="border-b border-border px-4 py-2">
      <RoleNote only="team.only.records" />
    </div>
  )
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

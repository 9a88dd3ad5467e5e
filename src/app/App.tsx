import { useEffect } from 'react'
import { Router } from 'wouter'
import { AuthActorContext } from '@/lib/auth-context'
import { followSystemTheme, usePreferences } from '@/lib/use-preferences'
import { readPreferences, resolveTheme } from '@/lib/preferences'
import { getLocale, startLocale } from '@/lib/i18n'
import { preloadRoute } from '@/lib/preload'
import { guardNavigation } from '@/lib/leave-guard'
import { hasStoredAuth, storedUserId } from '@/lib/pocketbase/instance'
import { startBusinessContext } from '@/lib/business'
import { LazyToaster } from '@/components/lazy-toaster'
import type { AuthActor } from '@machines/auth/auth.machine'
import { registerServiceWorker } from './pwa'
import { Routes } from './AppRoutes'

/**
 * With a session on this device, the screen being opened is fetched before the first render (from
 * the service worker's cache, offline): React then shows it at once instead of a fallback.
 */
const keptUser = storedUserId()
if (keptUser) {
  // The business this device opened last for the user (their own before teams).
  const business = startBusinessContext(keptUser).current ?? keptUser
  void import('@/lib/query-persist').then((m) => m.readPersistedEarly(keptUser, business))
}
/** The interface's language is known first: every bundle the first screen loads is in it. */
const localeReady = startLocale(readPreferences(document.cookie, navigator.languages).language, [
  'core',
])
/**
 * The public pages come prerendered by the build (src/prerender.tsx), in the language the server
 * chose for the request. React takes that HTML over (hydrates it) when this browser would draw the
 * same: the same language, and nobody signed in (a signed-in user is sent on to the dashboard).
 * Otherwise, and for the app shell (#root empty), the first screen is drawn from scratch.
 */
const prerendered = document.getElementById('root')?.dataset.prerendered
export const hydrating =
  prerendered !== undefined && prerendered === getLocale() && !hasStoredAuth()
/** Hydration finds the page's chunks loaded (the HTML modulepreloads them), so nothing suspends. */
const screenReady: Promise<void> = hydrating
  ? preloadRoute(window.location.pathname)
  : hasStoredAuth()
    ? Promise.race([
        preloadRoute(window.location.pathname),
        new Promise<void>((r) => setTimeout(r, 1000)),
      ])
    : Promise.resolve()
/** The first render also waits for the interface's messages in the chosen language. */
export const firstScreenReady: Promise<void> = Promise.all([screenReady, localeReady]).then(
  () => undefined,
)

/** The app around its auth chart, which main.tsx starts once (src/app/auth.ts). */
export function App({ auth }: { auth: AuthActor }) {
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

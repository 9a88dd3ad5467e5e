import { createActor, type InspectionEvent } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { notify as toast } from '@/lib/toast'
import { authText } from '@/lib/auth-text'
import { provideAuth } from '@machines/auth/provide'
import type { AuthActor } from '@machines/auth/auth.machine'
import type { Notice } from '@machines/auth/types'
import { loadPb, onPbLoaded, readStoredAuth } from '@/lib/pocketbase/instance'
import { afterFirstPaint } from '@/lib/first-paint'
import { pocketBaseAuthPorts } from '@/lib/pocketbase/auth-ports'
import { runSignOutCleanup } from '@/lib/sign-out-cleanup'

/**
 * The chart's notices speak English; they are shown in the interface's language, in one slot: a
 * new notice of the chart takes the place of the one before.
 */
export function notify(n: Notice) {
  toast(
    n.kind,
    authText(n.message),
    n.detail === undefined ? undefined : authText(n.detail),
    'auth',
  )
}

let inspectSink: ((e: InspectionEvent) => void) | null = null

/** In dev, `?inspect` opens the Stately inspector (it needs the network; the app works without). */
async function connectInspector() {
  const { createBrowserInspector } = await import('@statelyai/inspect')
  const inspector = createBrowserInspector({ autoStart: true })
  inspectSink = (e) => inspector.inspect.next?.(e)
}
if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
  void connectInspector()
}

/** Creates and starts the app's auth chart with the PocketBase adapter. */
export function startAuth(): AuthActor {
  const secure = window.location.protocol === 'https:'
  // The cookie mirror of the session (SPEC §3) starts with the SDK, which holds the session.
  onPbLoaded(async (pb) => {
    const { authCookie } = await import('@/lib/pocketbase/client')
    const write = () => {
      document.cookie = authCookie(pb, secure)
    }
    pb.authStore.onChange(write)
    write()
  })
  const ports = {
    ...pocketBaseAuthPorts({
      load: loadPb,
      readStoredAuth: () => readStoredAuth(),
      afterFirstPaint,
      onLoaded: onPbLoaded,
      beforeSignOut: runSignOutCleanup,
      // The queue and the write load with the signed-in app, not with the sign-in screens.
      queueProfileUpdate: async (update) => {
        const [{ runWrite }, { profileWrite }] = await Promise.all([
          import('@/lib/writes'),
          import('@/lib/pocketbase/profile-write'),
        ])
        return runWrite(profileWrite, update)
      },
    }),
    navigate: (to: string) => navigate(to),
    notify,
    currentLocation: () => `${window.location.pathname}${window.location.search}`,
  }
  return createActor(provideAuth(ports), { inspect: (e) => inspectSink?.(e) }).start()
}

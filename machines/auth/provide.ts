import { fromCallback, fromPromise } from 'xstate'
import { authMachine, refreshDelay, type AuthEvent } from './auth.machine'
import { signInHref } from './redirect'
import type { AuthPorts } from './types'

/** The only place the chart's named effects are bound to the outside world. */
export function provideAuth(ports: AuthPorts) {
  return authMachine.provide({
    actors: {
      readStoredSession: fromPromise(() => ports.readStoredSession()),
      refresh: fromPromise(() => ports.refresh()),
      signIn: fromPromise(({ input }) => ports.signIn(input)),
      signInWithOAuth2: fromPromise(({ input }) => ports.signInWithOAuth2(input)),
      verifyMfa: fromPromise(({ input }) => ports.verifyMfa(input)),
      register: fromPromise(({ input }) => ports.register(input)),
      signOut: fromPromise(() => ports.signOut()),
      updateProfile: fromPromise(({ input }) => ports.updateProfile(input)),
      requestTotpSetup: fromPromise(() => ports.requestTotpSetup()),
      confirmTotp: fromPromise(({ input }) => ports.confirmTotp(input)),
      disableTotp: fromPromise(({ input }) => ports.disableTotp(input)),
      watchStore: fromCallback<AuthEvent>(({ sendBack }) =>
        ports.watchStore((session) => sendBack({ type: 'store.changed', session })),
      ),
      watchNetwork: fromCallback<AuthEvent>(({ sendBack }) =>
        ports.watchNetwork(() => sendBack({ type: 'network.online' })),
      ),
    },
    actions: {
      navigate: (_, params) => ports.navigate(params.to),
      notify: (_, params) => ports.notify(params),
      clearSession: () => ports.clearSession(),
      goToSignIn: (_, params) =>
        ports.navigate(signInHref(params.redirect ?? ports.currentLocation())),
    },
    delays: {
      refreshAhead: ({ context }) => refreshDelay(context.expiresAt, ports.now()),
    },
  })
}

import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import { authMessages, describeAuthError, describeProfileError, toAuthFailure } from './messages'
import { DEFAULT_AFTER_SIGN_IN, safeRedirect } from './redirect'
import type {
  AuthFailure,
  AuthUser,
  Credentials,
  Notice,
  OAuth2Return,
  ProfileChanges,
  ProfileUpdateResult,
  Registration,
  Session,
  SignInResult,
  TotpChange,
  TotpSetup,
} from './types'

/** Refresh the token this long before it expires while the app is open. */
export const REFRESH_LEAD_MS = 5 * 60 * 1000
/** An offline session retries the server this often, even without an `online` event. */
export const OFFLINE_RETRY_MS = 30_000
/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** How long to wait before refreshing a token that expires at `expiresAt` (at once if it has). */
export function refreshDelay(expiresAt: number | null, now: number): number {
  return Math.min(Math.max((expiresAt ?? 0) - REFRESH_LEAD_MS - now, 0), MAX_TIMER_MS)
}

export interface AuthContext {
  user: AuthUser | null
  expiresAt: number | null
  /** The server could not be reached: the cached session is shown, marked offline. */
  offline: boolean
  mfaId: string | null
  /** Where to go after sign-in (already checked to be a same-origin path). */
  redirectTo: string
  /** The last failure, for the screen that caused it to show inline. */
  error: string | null
  totpSetup: TotpSetup | null
}

export type AuthEvent =
  | { type: 'user.signIn'; email: string; password: string; redirect?: unknown }
  | { type: 'user.completeOAuth2'; code: string; state: string; redirect?: unknown }
  | { type: 'user.submitMfaCode'; code: string }
  | { type: 'user.cancelMfa' }
  | { type: 'user.register'; email: string; password: string; name?: string }
  | { type: 'user.signOut' }
  | { type: 'user.updateProfile'; changes: ProfileChanges }
  | { type: 'user.startTotpSetup' }
  | { type: 'user.confirmTotp'; code: string; password: string }
  | { type: 'user.cancelTotpSetup' }
  | { type: 'user.disableTotp'; code: string; password: string }
  | { type: 'user.dismissError' }
  | { type: 'store.changed'; session: Session | null }
  | { type: 'session.expired'; redirect?: string }
  | { type: 'network.online' }

function notProvided(name: string) {
  return () => Promise.reject(new Error(`${name}: not provided`))
}

/** SPEC §5: the name defaults to the part of the email before the @. */
function registrationFrom(input: { email: string; password: string; name?: string }): Registration {
  const name = input.name?.trim() || input.email.split('@')[0] || ''
  return {
    email: input.email.trim(),
    password: input.password,
    passwordConfirm: input.password,
    name,
    emailVisibility: false,
  }
}

const sessionFields = (s: Session) => ({ user: s.user, expiresAt: s.expiresAt, offline: false })

const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    readStoredSession: fromPromise<Session | null>(notProvided('readStoredSession')),
    refresh: fromPromise<Session>(notProvided('refresh')),
    signIn: fromPromise<SignInResult, Credentials>(notProvided('signIn')),
    signInWithOAuth2: fromPromise<SignInResult, OAuth2Return>(notProvided('signInWithOAuth2')),
    verifyMfa: fromPromise<Session, { mfaId: string; code: string }>(notProvided('verifyMfa')),
    register: fromPromise<SignInResult, Registration>(notProvided('register')),
    signOut: fromPromise<void>(notProvided('signOut')),
    updateProfile: fromPromise<ProfileUpdateResult, { userId: string; changes: ProfileChanges }>(
      notProvided('updateProfile'),
    ),
    requestTotpSetup: fromPromise<TotpSetup>(notProvided('requestTotpSetup')),
    confirmTotp: fromPromise<AuthUser, TotpChange>(notProvided('confirmTotp')),
    disableTotp: fromPromise<AuthUser, TotpChange>(notProvided('disableTotp')),
    watchStore: fromCallback<AuthEvent>(() => () => {}),
    watchNetwork: fromCallback<AuthEvent>(() => () => {}),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    notify: (_, _params: Notice) => {},
    clearSession: () => {},
    /** Sends the user to sign in, remembering where they were. */
    goToSignIn: (_, _params: { redirect?: string }) => {},
    assignSession: assign((_, session: Session) => sessionFields(session)),
    assignUser: assign((_, user: AuthUser) => ({ user })),
    forgetSession: assign({
      user: null,
      expiresAt: null,
      offline: false,
      mfaId: null,
      totpSetup: null,
    }),
    setError: assign((_, error: string | null) => ({ error })),
  },
  guards: {
    hasStoredSession: (_, session: Session | null) => session !== null,
    isMfaRequired: (_, result: SignInResult) => result.kind === 'mfaRequired',
    isNetworkFailure: (_, error: unknown) => toAuthFailure(error).kind === 'network',
    isCheckEmail: (_, error: unknown) => toAuthFailure(error).kind === 'checkEmail',
    storeHasSession: (_, session: Session | null) => session !== null,
    storeIsEmpty: (_, session: Session | null) => session === null,
    isQueued: (_, result: ProfileUpdateResult) => result.queued,
  },
  delays: {
    /** How long an offline session waits before trying the server again by itself. */
    offlineRetry: OFFLINE_RETRY_MS,
    /** Until shortly before the token expires (at once if it already has). */
    refreshAhead: ({ context }) => refreshDelay(context.expiresAt, Date.now()),
  },
})

/** A state of this chart, as `authSetup` types it: the pieces below are checked against it. */
type AuthState = Parameters<typeof authSetup.createStateConfig>[0]
/** The invoke of actor `TSrc`, its `onDone` typed with that actor's output. */
type InvokeOf<TSrc extends string> = Extract<NonNullable<AuthState['invoke']>, { src: TSrc }>
/** `T` with its arrays (`SingleOrArray`) unwrapped. */
type Single<T> = T extends readonly (infer E)[] ? Single<E> : T
/** One transition (not a bare target) of `onDone` / `onError` of the invoke of `TSrc`. */
type DoneTransition<TSrc extends string> = Exclude<
  Single<InvokeOf<TSrc>['onDone']>,
  string | undefined
>
type ErrorTransition<TSrc extends string> = Exclude<
  Single<InvokeOf<TSrc>['onError']>,
  string | undefined
>
/** The invokes that answer with a SignInResult. */
type SignInSrc = 'signIn' | 'signInWithOAuth2' | 'register'
type SignInDoneAction = Single<NonNullable<DoneTransition<SignInSrc>['actions']>>
type ErrorAction = Single<NonNullable<ErrorTransition<SignInSrc>['actions']>>

/**
 * `onDone` of the invokes that answer with a SignInResult (signIn, signInWithOAuth2, register):
 * an account with 2FA on waits for its code; otherwise the session is taken, `welcome` is shown
 * and the user goes to `redirectTo`. `afterRegistration`: the register event carries no
 * redirect, so `redirectTo` is reset and the user goes to DEFAULT_AFTER_SIGN_IN.
 */
function onSignInResult(
  welcome: string,
  { afterRegistration = false } = {},
): DoneTransition<SignInSrc>[] {
  const resetRedirect: SignInDoneAction[] = afterRegistration
    ? [assign({ redirectTo: DEFAULT_AFTER_SIGN_IN })]
    : []
  return [
    {
      guard: { type: 'isMfaRequired', params: ({ event }) => event.output },
      target: 'awaitingMfaCode',
      actions: assign({
        mfaId: ({ event }) => (event.output.kind === 'mfaRequired' ? event.output.mfaId : null),
      }),
    },
    {
      target: 'signedIn',
      actions: [
        {
          type: 'assignSession',
          params: ({ event }) =>
            (event.output as Extract<SignInResult, { kind: 'signedIn' }>).session,
        },
        ...resetRedirect,
        { type: 'notify', params: { kind: 'success', message: welcome } },
        afterRegistration
          ? { type: 'navigate', params: { to: DEFAULT_AFTER_SIGN_IN } }
          : { type: 'navigate', params: ({ context }) => ({ to: context.redirectTo }) },
      ],
    },
  ]
}

/**
 * A failed sign-in or registration: a notice that it failed, and the reason kept for the form,
 * which says it (once: the notice does not repeat it).
 */
function showFailure(message: string, describe: (f: AuthFailure) => string): ErrorAction[] {
  return [
    { type: 'notify', params: { kind: 'error', message } },
    { type: 'setError', params: ({ event }) => describe(toAuthFailure(event.error)) },
  ]
}

/** Signing out ends the same way whether or not the server heard it. */
const signedOutHome = {
  target: 'signedOut',
  actions: [
    'clearSession',
    'forgetSession',
    { type: 'notify', params: { kind: 'success', message: authMessages.loggedOut } },
    { type: 'navigate', params: { to: '/' } },
  ],
} as const satisfies DoneTransition<'signOut'> & ErrorTransition<'signOut'>

export const authMachine = authSetup.createMachine({
  id: 'auth',
  context: {
    user: null,
    expiresAt: null,
    offline: false,
    mfaId: null,
    redirectTo: DEFAULT_AFTER_SIGN_IN,
    error: null,
    totpSetup: null,
  },
  invoke: [
    { id: 'watchStore', src: 'watchStore' },
    { id: 'watchNetwork', src: 'watchNetwork' },
  ],
  initial: 'checkingSession',
  states: {
    checkingSession: {
      description:
        'Start-up: reads the session kept on this device. With one, it is refreshed; without, the user is anonymous.',
      tags: ['loading'],
      invoke: {
        id: 'readStoredSession',
        src: 'readStoredSession',
        onDone: [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => event.output },
            target: 'refreshing',
            actions: [
              {
                type: 'assignSession',
                params: ({ event }) => event.output as Session,
              },
            ],
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },

    refreshing: {
      description:
        'Start-up with a stored session: asks the server for a fresh token. The cached session is shown meanwhile; if the server cannot be reached it is kept, marked offline; only the server saying it is invalid clears it.',
      tags: ['loading', 'authenticated'],
      invoke: {
        id: 'refresh',
        src: 'refresh',
        onDone: {
          target: 'signedIn',
          actions: { type: 'assignSession', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: {
              type: 'isNetworkFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'signedIn.session.offline',
            actions: assign({ offline: true }),
          },
          {
            target: 'signedOut',
            actions: [
              'clearSession',
              'forgetSession',
              { type: 'notify', params: { kind: 'error', message: authMessages.sessionExpired } },
            ],
          },
        ],
      },
    },

    signedOut: {
      description: 'Anonymous: no session on this device.',
      tags: ['anonymous'],
      on: {
        'user.signIn': {
          target: 'signingIn',
          actions: assign({
            redirectTo: ({ event }) => safeRedirect(event.redirect),
            error: null,
          }),
        },
        'user.completeOAuth2': {
          target: 'signingInWithOAuth2',
          actions: assign({
            redirectTo: ({ event }) => safeRedirect(event.redirect),
            error: null,
          }),
        },
        'user.register': { target: 'registering', actions: assign({ error: null }) },
        'user.submitMfaCode': {
          actions: [
            { type: 'notify', params: { kind: 'error', message: authMessages.noMfaPending } },
            { type: 'setError', params: authMessages.noMfaPending },
          ],
        },
        'user.updateProfile': {
          actions: { type: 'notify', params: { kind: 'error', message: authMessages.noUser } },
        },
        'user.dismissError': { actions: { type: 'setError', params: null } },
        'store.changed': {
          description: 'Another tab signed in.',
          guard: { type: 'storeHasSession', params: ({ event }) => event.session },
          target: 'signedIn',
          actions: {
            type: 'assignSession',
            params: ({ event }) => event.session as Session,
          },
        },
      },
    },

    signingIn: {
      tags: ['busy', 'anonymous'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          const e = event as Extract<AuthEvent, { type: 'user.signIn' }>
          return { email: e.email.trim(), password: e.password }
        },
        onDone: onSignInResult(authMessages.welcomeBack),
        onError: {
          target: 'signedOut',
          actions: showFailure(authMessages.failedLogin, describeAuthError),
        },
      },
    },

    signingInWithOAuth2: {
      description:
        'Back from the OAuth2 provider: exchanges the code. Users with 2FA on still need their code.',
      tags: ['busy', 'anonymous'],
      invoke: {
        id: 'signInWithOAuth2',
        src: 'signInWithOAuth2',
        input: ({ event }) => {
          const e = event as Extract<AuthEvent, { type: 'user.completeOAuth2' }>
          return { code: e.code, state: e.state }
        },
        onDone: onSignInResult(authMessages.welcomeBack),
        onError: {
          target: 'signedOut',
          actions: [
            ...showFailure(authMessages.failedLogin, describeAuthError),
            { type: 'navigate', params: { to: '/sign-in' } },
          ],
        },
      },
    },

    awaitingMfaCode: {
      description:
        'MFA pending: the password (or OAuth2) was right and the account has 2FA on; waiting for the authenticator or backup code.',
      tags: ['anonymous', 'mfaPending'],
      initial: 'prompting',
      states: {
        prompting: {
          entry: [
            { type: 'navigate', params: { to: '/otp' } },
            { type: 'notify', params: { kind: 'info', message: authMessages.enterMfaCode } },
          ],
        },
        retry: {
          description: 'A code was refused; the form shows why and stays on /otp.',
        },
      },
      on: {
        'user.submitMfaCode': { target: 'verifyingMfa', actions: assign({ error: null }) },
        'user.cancelMfa': {
          target: 'signedOut',
          actions: [
            assign({ mfaId: null, error: null }),
            { type: 'navigate', params: { to: '/sign-in' } },
          ],
        },
        'user.dismissError': { actions: { type: 'setError', params: null } },
      },
    },

    verifyingMfa: {
      tags: ['busy', 'anonymous', 'mfaPending'],
      invoke: {
        id: 'verifyMfa',
        src: 'verifyMfa',
        input: ({ context, event }) => ({
          mfaId: context.mfaId ?? '',
          code: (event as Extract<AuthEvent, { type: 'user.submitMfaCode' }>).code.trim(),
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => event.output },
            assign({ mfaId: null }),
            { type: 'notify', params: { kind: 'success', message: authMessages.welcomeBack } },
            { type: 'navigate', params: ({ context }) => ({ to: context.redirectTo }) },
          ],
        },
        onError: {
          target: 'awaitingMfaCode.retry',
          actions: [
            { type: 'notify', params: { kind: 'error', message: authMessages.invalidMfaCode } },
            {
              type: 'setError',
              params: ({ event }) => {
                // The server says why (wrong code, expired session, too many attempts).
                return toAuthFailure(event.error).message || authMessages.invalidMfaCode
              },
            },
          ],
        },
      },
    },

    registering: {
      description: 'Creates the account, then signs in with the same password.',
      tags: ['busy', 'anonymous'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) =>
          registrationFrom(event as Extract<AuthEvent, { type: 'user.register' }>),
        onDone: onSignInResult(authMessages.accountCreated, { afterRegistration: true }),
        onError: [
          {
            // A taken address is answered as a free one (its owner gets a mail): the sign-in
            // that follows fails, and all the app says is to look at the mail.
            guard: {
              type: 'isCheckEmail',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'signedOut',
            actions: [
              {
                type: 'notify',
                params: {
                  kind: 'info',
                  message: authMessages.checkEmail,
                  detail: authMessages.checkEmailDetail,
                },
              },
              { type: 'setError', params: authMessages.checkEmailDetail },
            ],
          },
          {
            target: 'signedOut',
            actions: showFailure(authMessages.failedCreateAccount, describeRegistrationError),
          },
        ],
      },
    },

    signedIn: {
      description:
        'Authenticated. Regions: the session (kept fresh), profile edits and 2FA settings.',
      tags: ['authenticated'],
      type: 'parallel',
      on: {
        'user.signOut': { target: 'signingOut' },
        'session.expired': {
          target: 'signedOut',
          actions: [
            'clearSession',
            'forgetSession',
            { type: 'notify', params: { kind: 'error', message: authMessages.sessionExpired } },
            { type: 'goToSignIn', params: ({ event }) => ({ redirect: event.redirect }) },
          ],
        },
        'store.changed': [
          {
            description: 'Signed out in another tab (or the store was cleared).',
            guard: { type: 'storeIsEmpty', params: ({ event }) => event.session },
            target: 'signedOut',
            actions: 'forgetSession',
          },
          {
            description:
              'The session was renewed or the user record changed (this tab or another): take it, without touching the online/offline mode.',
            actions: assign({
              user: ({ event }) => (event.session as Session).user,
              expiresAt: ({ event }) => (event.session as Session).expiresAt,
            }),
          },
        ],
      },
      states: {
        session: {
          initial: 'online',
          states: {
            online: {
              after: { refreshAhead: 'refreshing' },
            },
            offline: {
              description:
                'The server could not be reached: the cached session is shown, marked offline, until the network returns.',
              on: { 'network.online': 'refreshing' },
              // The browser may think it is online while the server is down: try again anyway.
              after: { offlineRetry: 'refreshing' },
            },
            refreshing: {
              description: 'Renews the token ahead of expiry, or on reconnect.',
              invoke: {
                id: 'backgroundRefresh',
                src: 'refresh',
                onDone: {
                  target: 'online',
                  actions: { type: 'assignSession', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: {
                      type: 'isNetworkFailure',
                      params: ({ event }: { event: { error: unknown } }) => event.error,
                    },
                    target: 'offline',
                    actions: assign({ offline: true }),
                  },
                  {
                    target: '#auth.signedOut',
                    actions: [
                      'clearSession',
                      'forgetSession',
                      {
                        type: 'notify',
                        params: { kind: 'error', message: authMessages.sessionExpired },
                      },
                      { type: 'goToSignIn', params: {} },
                    ],
                  },
                ],
              },
            },
          },
        },
        profile: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'user.updateProfile': 'updating' },
            },
            updating: {
              tags: ['savingProfile'],
              invoke: {
                id: 'updateProfile',
                src: 'updateProfile',
                input: ({ context, event }) => ({
                  userId: context.user?.id ?? '',
                  changes: (event as Extract<AuthEvent, { type: 'user.updateProfile' }>).changes,
                }),
                onDone: [
                  {
                    description: 'Offline: queued on the device, sent when the network returns.',
                    guard: { type: 'isQueued', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: [
                      { type: 'assignUser', params: ({ event }) => event.output.user },
                      {
                        type: 'notify',
                        params: {
                          kind: 'info',
                          message: authMessages.profileQueued,
                          detail: authMessages.profileQueuedDetail,
                        },
                      },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'assignUser', params: ({ event }) => event.output.user },
                      {
                        type: 'notify',
                        params: { kind: 'success', message: authMessages.profileUpdated },
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => {
                      const detail = describeProfileError(toAuthFailure(event.error))
                      return detail === authMessages.customFieldsMissing
                        ? { kind: 'error', message: detail }
                        : { kind: 'error', message: authMessages.failedUpdateProfile, detail }
                    },
                  },
                },
              },
            },
          },
        },
        twoFactor: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.startTotpSetup': 'requestingSetup',
                'user.disableTotp': 'disabling',
              },
            },
            requestingSetup: {
              tags: ['busy2fa'],
              invoke: {
                id: 'requestTotpSetup',
                src: 'requestTotpSetup',
                onDone: {
                  target: 'showingSetup',
                  actions: assign({ totpSetup: ({ event }) => event.output }),
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => ({
                      kind: 'error',
                      message: authMessages.failedSetupTotp,
                      detail: toAuthFailure(event.error).message || undefined,
                    }),
                  },
                },
              },
            },
            showingSetup: {
              description:
                'Shows the QR code, the secret and the backup codes (once), then waits for a code from the app.',
              on: {
                'user.confirmTotp': 'confirming',
                'user.cancelTotpSetup': { target: 'idle', actions: assign({ totpSetup: null }) },
              },
            },
            confirming: {
              tags: ['busy2fa'],
              invoke: {
                id: 'confirmTotp',
                src: 'confirmTotp',
                input: ({ event }) => {
                  const e = event as Extract<AuthEvent, { type: 'user.confirmTotp' }>
                  return { code: e.code.trim(), password: e.password }
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignUser', params: ({ event }) => event.output },
                    assign({ totpSetup: null }),
                    {
                      type: 'notify',
                      params: { kind: 'success', message: authMessages.totpEnabled },
                    },
                  ],
                },
                onError: {
                  target: 'showingSetup',
                  actions: {
                    type: 'notify',
                    params: { kind: 'error', message: authMessages.failedEnableTotp },
                  },
                },
              },
            },
            disabling: {
              tags: ['busy2fa'],
              invoke: {
                id: 'disableTotp',
                src: 'disableTotp',
                input: ({ event }) => {
                  const e = event as Extract<AuthEvent, { type: 'user.disableTotp' }>
                  return { code: e.code.trim(), password: e.password }
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignUser', params: ({ event }) => event.output },
                    {
                      type: 'notify',
                      params: { kind: 'success', message: authMessages.totpDisabled },
                    },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: { kind: 'error', message: authMessages.failedDisableTotp },
                  },
                },
              },
            },
          },
        },
      },
    },

    signingOut: {
      description:
        'Tells the server, then clears the session and goes home whether or not that worked.',
      tags: ['busy', 'authenticated'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: signedOutHome,
        onError: signedOutHome,
      },
    },
  },
})

function describeRegistrationError(f: AuthFailure): string {
  const fieldMessages = Object.entries(f.fields ?? {}).map(([field, msg]) => `${field}: ${msg}`)
  if (fieldMessages.length) return fieldMessages.join('; ')
  return describeAuthError(f)
}

export type AuthActor = ActorRefFrom<typeof authMachine>
export type AuthSnapshot = SnapshotFrom<typeof authMachine>

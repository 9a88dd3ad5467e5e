import type { AuthPorts, AuthUser, Notice, Session } from '@machines/auth/types'

export const user: AuthUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  avatar: '',
  company: 'Analytical Engines',
  verified: true,
  emailVisibility: false,
  collectionId: '_pb_users_auth_',
  collectionName: 'users',
  totpEnabled: false,
}

export const NOW = 1_800_000_000_000
export const session = (
  overrides: Partial<AuthUser> = {},
  expiresIn = 7 * 24 * 3600_000,
): Session => ({
  user: { ...user, ...overrides },
  expiresAt: NOW + expiresIn,
})

export const network = { kind: 'network', status: 0, message: 'offline' } as const
export const rejected = (status: number, message: string, fields?: Record<string, string>) => ({
  kind: 'server' as const,
  status,
  message,
  fields,
})

export interface Recorder {
  navigations: string[]
  notices: Notice[]
  cleared: number
  calls: string[]
  storeListener: ((s: Session | null) => void) | null
  networkListener: (() => void) | null
  location: string
}

/** Ports whose every call is recorded; each test overrides the few it cares about. */
export function fakePorts(overrides: Partial<AuthPorts> = {}): { ports: AuthPorts; rec: Recorder } {
  const rec: Recorder = {
    navigations: [],
    notices: [],
    cleared: 0,
    calls: [],
    storeListener: null,
    networkListener: null,
    location: '/dashboard',
  }
  const never = (name: string) => () => {
    rec.calls.push(name)
    return Promise.reject(new Error(`${name} not expected`))
  }
  const ports: AuthPorts = {
    readStoredSession: async () => null,
    refresh: never('refresh'),
    signIn: never('signIn'),
    signInWithOAuth2: never('signInWithOAuth2'),
    verifyMfa: never('verifyMfa'),
    register: never('register'),
    signOut: async () => {
      rec.calls.push('signOut')
    },
    clearSession: () => {
      rec.cleared++
    },
    updateProfile: never('updateProfile'),
    requestTotpSetup: never('requestTotpSetup'),
    confirmTotp: never('confirmTotp'),
    disableTotp: never('disableTotp'),
    watchStore: (l) => {
      rec.storeListener = l
      return () => {
        rec.storeListener = null
      }
    },
    watchNetwork: (l) => {
      rec.networkListener = l
      return () => {
        rec.networkListener = null
      }
    },
    currentLocation: () => rec.location,
    navigate: (to) => {
      rec.navigations.push(to)
    },
    notify: (n) => {
      rec.notices.push(n)
    },
    now: () => NOW,
    ...overrides,
  }
  return { ports, rec }
}

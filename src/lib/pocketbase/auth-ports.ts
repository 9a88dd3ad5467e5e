import type PocketBase from 'pocketbase'
import type { RecordModel } from 'pocketbase'
import type {
  AuthFailure,
  AuthPorts,
  AuthUser,
  OAuth2Return,
  Session,
  SignInResult,
  TotpChange,
  TotpSetup,
} from '@machines/auth/types'
import { tokenExpiry } from './token'
import { authMessages } from '@machines/auth/messages'
import { mfaIdOf, toFailure } from '../errors'
import type { QueueResult } from '../writes'
import type { ProfileUpdate } from './profile-write'
import { takeOAuth2 } from './oauth2-return'
import { AUTH_STORE_KEY } from './instance'
import { t } from '../i18n'

const USERS = 'users'

function toUser(record: RecordModel | null): AuthUser | null {
  if (!record) return null
  const s = (k: string) => (typeof record[k] === 'string' ? (record[k] as string) : '')
  return {
    id: record.id,
    email: s('email'),
    name: s('name'),
    avatar: s('avatar'),
    company: s('company'),
    verified: record.verified === true,
    emailVisibility: record.emailVisibility === true,
    collectionId: record.collectionId,
    collectionName: record.collectionName,
    totpEnabled: record.totpEnabled === true,
  }
}

function sessionOf(pb: PocketBase): Session | null {
  const user = toUser(pb.authStore.record)
  if (!pb.authStore.token || !user) return null
  return { user, expiresAt: tokenExpiry(pb.authStore.token) }
}

function requireSession(pb: PocketBase): Session {
  const s = sessionOf(pb)
  if (!s) throw { kind: 'server', status: 401, message: t('common.auth.noSession') }
  return s
}

async function firstFactor(pb: PocketBase, attempt: () => Promise<unknown>): Promise<SignInResult> {
  try {
    await attempt()
    return { kind: 'signedIn', session: requireSession(pb) }
  } catch (error) {
    const mfaId = mfaIdOf(error)
    if (mfaId) return { kind: 'mfaRequired', mfaId }
    throw toFailure(error)
  }
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw toFailure(error)
  }
}

export interface BrowserAuthDeps {
  /** Loads (once) and returns the client; the SDK is fetched on first need. */
  load: () => Promise<PocketBase>
  /** The session the device keeps (the SDK's stored token and record), read without the SDK. */
  readStoredAuth: () => { token: string; record: RecordModel } | null
  /**
   * Resolves once the first screen has been painted: the start-up refresh (and with it the SDK)
   * waits for it, so neither holds the first screen back.
   */
  afterFirstPaint?: () => Promise<void>
  /** Calls back with the client once it is loaded; returns unsubscribe. */
  onLoaded: (cb: (pb: PocketBase) => void) => () => void
  /** Runs before the session is dropped on sign-out (wipes private cached data). */
  beforeSignOut?: () => Promise<void>
  /** Saves a profile change through the app's write queue (offline, it waits on the device). */
  queueProfileUpdate: (update: ProfileUpdate) => Promise<QueueResult<RecordModel>>
  storage?: Storage
}

export type PocketBaseAuthPorts = Omit<AuthPorts, 'navigate' | 'notify' | 'currentLocation'>

/** The auth chart's ports, implemented with the PocketBase SDK. Never navigates nor toasts. */
export function pocketBaseAuthPorts(deps: BrowserAuthDeps): PocketBaseAuthPorts {
  const { load } = deps
  const users = async () => (await load()).collection(USERS)
  const storage = deps.storage ?? sessionStorage
  return {
    // Read from the device without the SDK: a kept session is shown at once, and the SDK loads
    // for the refresh that follows, after the first paint.
    async readStoredSession() {
      const stored = deps.readStoredAuth()
      const user = toUser(stored?.record ?? null)
      if (!stored || !user) return null
      const s = { user, expiresAt: tokenExpiry(stored.token) }
      if (s.expiresAt <= Date.now()) {
        ;(await load()).authStore.clear()
        return null
      }
      return s
    },
    refresh: () =>
      call(async () => {
        await deps.afterFirstPaint?.()
        const pb = await load()
        await pb.collection(USERS).authRefresh()
        return requireSession(pb)
      }),
    signIn: async ({ email, password }) =>
      firstFactor(await load(), async () => (await users()).authWithPassword(email, password)),
    async signInWithOAuth2({ code, state }: OAuth2Return) {
      const pending = takeOAuth2(storage)
      if (!pending || pending.state !== state) {
        throw { kind: 'server', status: 400, message: t('common.auth.linkInvalid') }
      }
      return firstFactor(await load(), async () =>
        (await users()).authWithOAuth2Code(
          pending.provider,
          code,
          pending.codeVerifier,
          pending.redirectUrl,
        ),
      )
    },
    verifyMfa: ({ mfaId, code }) =>
      call(async () => {
        const pb = await load()
        const res = await pb.send<{ token: string; record: RecordModel }>(
          `/api/collections/${USERS}/auth-with-otp`,
          { method: 'POST', body: { mfaId, code } },
        )
        pb.authStore.save(res.token, res.record)
        return requireSession(pb)
      }),
    async register(input) {
      await call(async () => (await users()).create(input))
      try {
        return await firstFactor(await load(), async () =>
          (await users()).authWithPassword(input.email, input.password),
        )
      } catch (error) {
        // The server answers a sign-up with a taken address as if it had succeeded, and mails
        // the address's owner: the sign-in that follows is refused.
        const f = error as AuthFailure
        if (f.kind === 'server' && (f.status === 400 || f.status === 429)) {
          throw { kind: 'checkEmail', status: f.status, message: authMessages.checkEmailDetail }
        }
        throw error
      }
    },
    async signOut() {
      const pb = await load()
      try {
        await deps.beforeSignOut?.()
      } finally {
        pb.realtime.unsubscribe().catch(() => {})
        pb.authStore.clear()
      }
    },
    clearSession: () => {
      void load().then((pb) => pb.authStore.clear())
    },
    async updateProfile({ userId, changes }) {
      const result = await call(() => deps.queueProfileUpdate({ userId, changes }))
      if (result.queued) {
        const pb = await load()
        const current = toUser(pb.authStore.record) as AuthUser
        const { avatar: _avatar, ...rest } = changes
        return { user: { ...current, ...rest }, queued: true }
      }
      return { user: toUser(result.data) as AuthUser, queued: false }
    },
    requestTotpSetup: () =>
      call(async () =>
        (await load()).send<TotpSetup>(`/api/collections/${USERS}/request-otp`, {
          method: 'POST',
        }),
      ),
    confirmTotp: async (change) => setTotp(await load(), 'confirm-otp', change, true),
    disableTotp: async (change) => setTotp(await load(), 'disable-otp', change, false),
    watchStore(listener) {
      let offStore = () => {}
      const offLoaded = deps.onLoaded((pb) => {
        offStore = pb.authStore.onChange(() => listener(sessionOf(pb)))
      })
      // Before the SDK is loaded, only another tab can change the stored session: load it then,
      // and report what that tab stored.
      const onStorage = (e: StorageEvent) => {
        if (e.key === AUTH_STORE_KEY) void load().then((pb) => listener(sessionOf(pb)))
      }
      window.addEventListener('storage', onStorage)
      return () => {
        offLoaded()
        offStore()
        window.removeEventListener('storage', onStorage)
      }
    },
    watchNetwork(listener) {
      window.addEventListener('online', listener)
      return () => window.removeEventListener('online', listener)
    },
    now: () => Date.now(),
  }
}

/**
 * Turns 2FA on or off. Turning it on ends every other session: the answer carries this session's
 * new token, which replaces the old one.
 */
async function setTotp(pb: PocketBase, route: string, change: TotpChange, enabled: boolean) {
  return call(async () => {
    const res = await pb.send<{ enabled: boolean; token?: string }>(
      `/api/collections/${USERS}/${route}`,
      { method: 'POST', body: { code: change.code, password: change.password } },
    )
    const record = pb.authStore.record
    if (record)
      pb.authStore.save(res.token || pb.authStore.token, { ...record, totpEnabled: enabled })
    return requireSession(pb).user
  })
}

/** Whether the signed-in user's 2FA is on and how many backup codes are unused (no secrets). */
export interface TwoFactorStatus {
  enabled: boolean
  backupCodesLeft: number
}

/**
 * The 2FA routes the settings screen calls itself (the chart runs enrolment and disabling):
 * reading the status, and replacing the backup codes with a current authenticator code. They fail
 * with an AuthFailure, whose message is the server's reason in the interface's language.
 */
export function twoFactorCalls(load: () => Promise<PocketBase>) {
  return {
    status: () =>
      call(async () =>
        (await load()).send<TwoFactorStatus>(`/api/collections/${USERS}/otp-status`, {
          method: 'GET',
        }),
      ),
    /** The new codes, shown once: only their hashes are kept, and the old ones stop working. */
    regenerateBackupCodes: (code: string) =>
      call(async () =>
        (await load()).send<{ backupCodes: string[] }>(
          `/api/collections/${USERS}/regenerate-backup-codes`,
          { method: 'POST', body: { code } },
        ),
      ),
  }
}

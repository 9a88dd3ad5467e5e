/** The signed-in user as the app sees it (SPEC §3). */
export interface AuthUser {
  id: string
  email: string
  name: string
  avatar: string
  company: string
  verified: boolean
  emailVisibility: boolean
  collectionId: string
  collectionName: string
  /** Whether authenticator-app 2FA is on; only its owner sees it. */
  totpEnabled: boolean
}

export interface Session {
  user: AuthUser
  /** Token expiry, ms since the epoch. */
  expiresAt: number
}

export type SignInResult =
  { kind: 'signedIn'; session: Session } | { kind: 'mfaRequired'; mfaId: string }

/**
 * Why an auth call failed, as plain data. `network` means the server could not be reached: it
 * is never taken as the server rejecting the session.
 */
export interface AuthFailure {
  /**
   * `checkEmail`: the account could not be signed in right after sign-up. The server answers a
   * taken address as a free one and mails its owner instead, so this is all the app can say.
   */
  kind: 'network' | 'server' | 'checkEmail'
  status: number
  message: string
  /** Field errors, keyed by field name, when the server sent them. */
  fields?: Record<string, string>
}

/** What turning 2FA on or off sends: a code and the account's current password. */
export interface TotpChange {
  code: string
  password: string
}

export interface Credentials {
  email: string
  password: string
}

export interface Registration {
  email: string
  password: string
  passwordConfirm: string
  name: string
  emailVisibility: boolean
}

export interface ProfileChanges {
  name?: string
  company?: string
  avatar?: Blob | null
}

export interface ProfileUpdateResult {
  user: AuthUser
  queued: boolean
}

export interface TotpSetup {
  qrCode: string
  secret: string
  backupCodes: string[]
}

export interface OAuth2Return {
  code: string
  state: string
}

export type NoticeKind = 'success' | 'error' | 'info'

export interface Notice {
  kind: NoticeKind
  message: string
  detail?: string
}

/**
 * Everything the auth chart needs from the outside world, as plain async functions. The app
 * provides the PocketBase adapter (src/lib/pocketbase); tests provide fakes.
 */
export interface AuthPorts {
  /** The session kept on this device, if any; `expiresAt` may be in the past. */
  readStoredSession(): Promise<Session | null>
  refresh(): Promise<Session>
  signIn(credentials: Credentials): Promise<SignInResult>
  signInWithOAuth2(input: OAuth2Return): Promise<SignInResult>
  verifyMfa(input: { mfaId: string; code: string }): Promise<Session>
  register(input: Registration): Promise<SignInResult>
  signOut(): Promise<void>
  /** Drops the session on this device only (no server call). */
  clearSession(): void
  /**
   * Saves profile changes. Offline, the change is queued on the device (and sent once the network
   * returns): the result then says `queued` and carries the user as it will be.
   */
  updateProfile(input: { userId: string; changes: ProfileChanges }): Promise<ProfileUpdateResult>
  requestTotpSetup(): Promise<TotpSetup>
  /** Turns 2FA on with the first code from the app; the current password is asked for too. */
  confirmTotp(change: TotpChange): Promise<AuthUser>
  /** Turns 2FA off with a code from the app or a backup code, and the current password. */
  disableTotp(change: TotpChange): Promise<AuthUser>
  /** Calls back on every change of the auth store (this tab or another); returns unsubscribe. */
  watchStore(listener: (session: Session | null) => void): () => void
  /** Calls back when the browser goes online; returns unsubscribe. */
  watchNetwork(listener: () => void): () => void
  /** The current in-app location, path plus query. */
  currentLocation(): string
  navigate(to: string): void
  notify(notice: Notice): void
  /** Wall clock, in ms since the epoch; a port so tests can move time. */
  now(): number
}

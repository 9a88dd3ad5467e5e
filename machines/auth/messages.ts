import type { AuthFailure } from './types'

/**
 * Every message of SPEC §5 and §8 that concerns auth, word for word. The chart emits them in
 * English; the app shows them in the user's language (src/lib/auth-text.ts; English shows
 * them as they are, other languages say them from src/locales/<locale>/chart.json).
 */
export const authMessages = {
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created successfully!',
  loggedOut: 'Logged out successfully',
  profileUpdated: 'Profile updated successfully',
  totpEnabled: '2FA enabled successfully',
  totpDisabled: '2FA disabled successfully',
  enterMfaCode: 'Please enter your 2FA code',
  failedLogin: 'Failed to login',
  invalidMfaCode: 'Invalid 2FA code',
  failedCreateAccount: 'Failed to create account',
  checkEmail: 'Check your email',
  checkEmailDetail:
    'We sent a message about this sign-up to the address you entered. Follow it to continue.',
  failedUpdateProfile: 'Failed to update profile',
  failedSetupTotp: 'Failed to setup 2FA',
  failedEnableTotp: 'Failed to enable 2FA',
  failedDisableTotp: 'Failed to disable 2FA',
  profileQueued: 'Saved on this device',
  profileQueuedDetail: 'You are offline: the change is sent when the connection returns.',
  noUser: 'No user logged in',
  noMfaPending: 'No MFA verification pending',
  sessionExpired: 'Session expired!',
  customFieldsMissing:
    'Profile update failed: Custom fields not configured in PocketBase. Check console for setup instructions.',
} as const

/** The sentences of SPEC §8's auth error table, word for word. */
export const authErrorMessages = {
  unauthorized: 'Invalid email or password. Check console for test credentials.',
  invalidCredentials: 'Invalid email or password',
  userNotFound: 'No account found with this email',
  credentials401: 'Invalid credentials. Check console for test account.',
  unknown: 'An authentication error occurred',
} as const

/** SPEC §8's auth error table, in its order: the first row that applies wins. */
export function describeAuthError(error: Pick<AuthFailure, 'status' | 'message'> | null): string {
  const status = error?.status ?? 0
  const message = error?.message ?? ''
  if (status === 401) return authErrorMessages.unauthorized
  if (message.includes('Invalid login credentials')) return authErrorMessages.invalidCredentials
  if (message.includes('User not found')) return authErrorMessages.userNotFound
  if (message.includes('401')) return authErrorMessages.credentials401
  if (message.trim()) return message
  return authErrorMessages.unknown
}

const PROFILE_FIELDS = ['name', 'company', 'avatar'] as const

/** SPEC §5: a 400 naming an unknown profile field means the schema lacks our custom fields. */
export function describeProfileError(error: AuthFailure | null): string {
  if (error?.status === 400) {
    const text = `${error.message} ${Object.keys(error.fields ?? {}).join(' ')}`.toLowerCase()
    const unknownField =
      /unknown|not (a )?valid field|no such|invalid field|does not exist/.test(text) &&
      PROFILE_FIELDS.some((f) => text.includes(f))
    if (unknownField) return authMessages.customFieldsMissing
  }
  return error?.message?.trim() ? error.message : authMessages.failedUpdateProfile
}

/** Turns anything thrown by a port into an AuthFailure. */
export function toAuthFailure(error: unknown): AuthFailure {
  const e = error as Partial<AuthFailure> | null
  if (
    e &&
    (e.kind === 'network' || e.kind === 'server' || e.kind === 'checkEmail') &&
    typeof e.status === 'number'
  ) {
    return { kind: e.kind, status: e.status, message: e.message ?? '', fields: e.fields }
  }
  return {
    kind: 'server',
    status: 0,
    message: error instanceof Error ? error.message : '',
  }
}

import { authErrorMessages, authMessages } from '@machines/auth/messages'
import { t as translate, type MessageKey, type Translate } from './i18n'

/**
 * The auth chart (machines/, pure TS) speaks the SPEC's English. Its texts are translated where
 * they reach the screen: each known sentence maps to its catalogue key; anything else (a
 * server's own message) is shown as it came.
 */
const noticeKeys = {
  welcomeBack: 'common.auth.welcomeBack',
  accountCreated: 'common.auth.accountCreated',
  loggedOut: 'common.auth.loggedOut',
  profileUpdated: 'common.auth.profileUpdated',
  totpEnabled: 'common.auth.totpEnabled',
  totpDisabled: 'common.auth.totpDisabled',
  enterMfaCode: 'common.auth.enterMfaCode',
  failedLogin: 'common.auth.failedLogin',
  invalidMfaCode: 'common.auth.invalidMfaCode',
  failedCreateAccount: 'common.auth.failedCreateAccount',
  failedUpdateProfile: 'common.auth.failedUpdateProfile',
  failedSetupTotp: 'common.auth.failedSetupTotp',
  failedEnableTotp: 'common.auth.failedEnableTotp',
  failedDisableTotp: 'common.auth.failedDisableTotp',
  profileQueued: 'common.auth.profileQueued',
  profileQueuedDetail: 'common.auth.profileQueuedDetail',
  noUser: 'common.auth.noUser',
  noMfaPending: 'common.auth.noMfaPending',
  sessionExpired: 'common.auth.sessionExpired',
  customFieldsMissing: 'common.auth.customFieldsMissing',
} as const satisfies Record<keyof typeof authMessages, MessageKey>

const errorKeys = {
  unauthorized: 'common.auth.error.unauthorized',
  invalidCredentials: 'common.auth.error.invalidCredentials',
  userNotFound: 'common.auth.error.userNotFound',
  credentials401: 'common.auth.error.credentials401',
  unknown: 'common.auth.error.unknown',
} as const satisfies Record<keyof typeof authErrorMessages, MessageKey>

let byText: Map<string, MessageKey> | null = null

function keyOf(text: string): MessageKey | undefined {
  byText ??= new Map<string, MessageKey>([
    ...(Object.keys(noticeKeys) as (keyof typeof noticeKeys)[]).map(
      (k) => [authMessages[k], noticeKeys[k]] as const,
    ),
    ...(Object.keys(errorKeys) as (keyof typeof errorKeys)[]).map(
      (k) => [authErrorMessages[k], errorKeys[k]] as const,
    ),
  ])
  return byText.get(text)
}

/** A text of the auth chart in the interface's language (pass a component's `t` to follow it). */
export function authText(text: string, t: Translate = translate): string {
  const key = keyOf(text)
  return key ? t(key) : text
}

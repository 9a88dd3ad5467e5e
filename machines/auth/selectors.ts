import type { AuthSnapshot } from './auth.machine'

/** What screens read from the chart; they never compare state names themselves. */
export const selectUser = (s: AuthSnapshot) => s.context.user
export const selectIsLoading = (s: AuthSnapshot) => s.hasTag('loading')
export const selectIsAuthenticated = (s: AuthSnapshot) => s.hasTag('authenticated')
export const selectIsBusy = (s: AuthSnapshot) => s.hasTag('busy')
export const selectIsMfaPending = (s: AuthSnapshot) => s.hasTag('mfaPending')
export const selectIsOffline = (s: AuthSnapshot) => s.context.offline
export const selectError = (s: AuthSnapshot) => s.context.error
export const selectTotpSetup = (s: AuthSnapshot) => s.context.totpSetup
export const selectIsSavingProfile = (s: AuthSnapshot) => s.hasTag('savingProfile')
export const selectIsTwoFactorBusy = (s: AuthSnapshot) => s.hasTag('busy2fa')

/** Every URL of the app, and the builders for the ones that take parameters. */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  signIn2: '/sign-in-2',
  signUp: '/sign-up',
  otp: '/otp',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  oauth2Callback: '/oauth2-callback',
  error401: '/401',
  error403: '/403',
  error404: '/404',
  error500: '/500',
  error503: '/503',
  dashboard: '/dashboard',
  profile: '/profile',
  customers: '/customers',
  invoices: '/invoices',
  payments: '/payments',
  quotes: '/quotes',
  helpCenter: '/help-center',
  settings: '/settings',
  settingsAccount: '/settings/account',
  settingsAppearance: '/settings/appearance',
  settingsDisplay: '/settings/display',
  settingsNotifications: '/settings/notifications',
} as const

export type AppPath = (typeof paths)[keyof typeof paths]

export { signInHref, safeRedirect } from '@machines/auth/redirect'

/** Public routes: reachable without a session. */
export const publicPaths: readonly string[] = [
  paths.home,
  paths.signIn,
  paths.signIn2,
  paths.signUp,
  paths.otp,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  paths.oauth2Callback,
  paths.error401,
  paths.error403,
  paths.error404,
  paths.error500,
  paths.error503,
]

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
  bank: '/bank',
  creditNotes: '/credit-notes',
  quotes: '/quotes',
  recurring: '/recurring',
  helpCenter: '/help-center',
  settings: '/settings',
  settingsAccount: '/settings/account',
  settingsBusiness: '/settings/business',
  settingsBank: '/settings/bank',
  settingsCardPayments: '/settings/card-payments',
  settingsEInvoicing: '/settings/e-invoicing',
  settingsMail: '/settings/mail',
  settingsSecurity: '/settings/security',
  settingsData: '/settings/data',
  settingsAppearance: '/settings/appearance',
  settingsDisplay: '/settings/display',
  settingsNotifications: '/settings/notifications',
  settingsReminders: '/settings/reminders',
  settingsMembers: '/settings/members',
  businessNew: '/businesses/new',
  join: '/join/:token',
} as const

/** Pages of one record. */
export const recordPaths = {
  customer: (id: string) => `/customers/${id}`,
  customerEdit: (id: string) => `/customers/${id}/edit`,
  customerNew: '/customers/new',
  quote: (id: string) => `/quotes/${id}`,
  quoteEdit: (id: string) => `/quotes/${id}/edit`,
  quotePrint: (id: string) => `/quotes/${id}/print`,
  quoteNew: '/quotes/new',
  invoice: (id: string) => `/invoices/${id}`,
  invoiceEdit: (id: string) => `/invoices/${id}/edit`,
  invoicePrint: (id: string) => `/invoices/${id}/print`,
  invoiceNew: '/invoices/new',
  creditNote: (id: string) => `/credit-notes/${id}`,
  creditNotePrint: (id: string) => `/credit-notes/${id}/print`,
  /** The form that credits an invoice. */
  creditNoteFor: (invoiceId: string) => `/credit-notes/new/${invoiceId}`,
  recurring: (id: string) => `/recurring/${id}`,
  recurringEdit: (id: string) => `/recurring/${id}/edit`,
  recurringNew: '/recurring/new',
  /** A list with its state, e.g. listWith('/invoices', '?status=overdue'). */
  listWith: (list: string, query: string) => `${list}${query}`,
} as const

export { signInHref } from '@machines/auth/redirect'

/** The pages that make a business record: only for roles that may write. */
export const recordCreatePaths: ReadonlySet<string> = new Set([
  recordPaths.customerNew,
  recordPaths.quoteNew,
  recordPaths.invoiceNew,
  recordPaths.recurringNew,
])

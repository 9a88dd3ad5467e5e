import type { ComponentType, LazyExoticComponent, ReactNode } from 'react'
import { paths, recordPaths } from '@/config/paths'
import { lazyWithPreload } from '@/lib/preload'
import { ensureBundle, t, type Bundle, type MessageKey } from '@/lib/i18n'

type Load<P = object> = () => Promise<{ default: ComponentType<P> }>
type Layout = LazyExoticComponent<ComponentType<{ children: ReactNode }>> & {
  preload: () => Promise<unknown>
}

/**
 * Who may open a route: anyone; only someone signed out (a signed-in user is sent to the
 * dashboard); only someone signed in (the guard sends anyone else to sign in first).
 */
export type Access = 'public' | 'signedOut' | 'signedIn'

export interface RouteRow {
  /** A wouter pattern; rows are matched in table order (so /invoices/new before /invoices/:id). */
  path: string
  access: Access
  load: Load
  /** The entry in the sidebar, in table order (its catalogue key). */
  nav?: MessageKey
  /**
   * The page's name (browser tab, command palette) when it is not its sidebar entry; a row with
   * neither takes its area's entry (/invoices/:id → Invoices).
   */
  title?: MessageKey
  /** A layout the page is drawn in (e.g. the settings sections). */
  layout?: Layout
}

const named =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, key: K): Load =>
  () =>
    load().then((m) => ({ default: m[key] }))

function layout(load: Load<{ children: ReactNode }>): Layout {
  const { Component, preload } = lazyWithPreload(load)
  return Object.assign(Component, { preload })
}

/**
 * A page whose messages are a bundle of their own (the public pages beyond sign-in and sign-up,
 * the signed-in screens beyond the dashboard).
 */
const withMessages =
  <P,>(bundle: Bundle, load: Load<P>): Load<P> =>
  async () => {
    const [m] = await Promise.all([load(), ensureBundle(bundle)])
    return m
  }

/**
 * A signed-in screen beyond the dashboard: its words (the `screens` bundle) load with its chunk.
 * The dashboard, the first screen after signing in, needs only the shell's (`app`, which the
 * signed-in area loads); tests/unit/lib/first-screen-messages.test.ts keeps it so.
 */
const screen = <P,>(load: Load<P>): Load<P> => withMessages('screens', load)

const settings = layout(screen(() => import('@/features/settings/SettingsLayout')))
const notFound: Load = withMessages('public', () => import('@/features/errors/NotFoundPage'))

/**
 * Every page of the app. Adding a page is a row here and its page file: the guard, the router,
 * the sidebar and chunk preloading all read this table.
 */
export const routeTable: readonly RouteRow[] = [
  {
    path: paths.home,
    access: 'public',
    load: withMessages('public', () => import('@/features/landing/LandingPage')),
  },
  { path: paths.signIn, access: 'signedOut', load: () => import('@/features/auth/SignInPage') },
  { path: paths.signIn2, access: 'signedOut', load: () => import('@/features/auth/SignIn2Page') },
  { path: paths.signUp, access: 'signedOut', load: () => import('@/features/auth/SignUpPage') },
  {
    path: paths.otp,
    access: 'public',
    load: withMessages('public', () => import('@/features/auth/OtpPage')),
  },
  {
    path: paths.forgotPassword,
    access: 'public',
    load: withMessages('public', () => import('@/features/auth/ForgotPasswordPage')),
  },
  {
    path: paths.resetPassword,
    access: 'public',
    load: withMessages('public', () => import('@/features/auth/ResetPasswordPage')),
  },
  {
    path: paths.verifyEmail,
    access: 'public',
    load: withMessages('public', () => import('@/features/auth/VerifyEmailPage')),
  },
  {
    path: paths.oauth2Callback,
    access: 'public',
    load: withMessages('public', () => import('@/features/auth/OAuth2CallbackPage')),
  },
  {
    path: paths.error401,
    access: 'public',
    load: withMessages(
      'public',
      named(() => import('@/features/errors/StatusPages'), 'UnauthorizedPage'),
    ),
  },
  {
    path: paths.error403,
    access: 'public',
    load: withMessages(
      'public',
      named(() => import('@/features/errors/StatusPages'), 'ForbiddenPage'),
    ),
  },
  {
    // An invitation's link: for someone signed out (sign in or create the account) or in.
    path: paths.join,
    access: 'public',
    load: withMessages(
      'app',
      screen(() => import('@/features/team/JoinPage')),
    ),
  },
  { path: paths.error404, access: 'public', load: notFound },
  {
    path: paths.error500,
    access: 'public',
    load: withMessages(
      'public',
      named(() => import('@/features/errors/StatusPages'), 'ServerErrorPage'),
    ),
  },
  {
    path: paths.error503,
    access: 'public',
    load: withMessages(
      'public',
      named(() => import('@/features/errors/StatusPages'), 'MaintenancePage'),
    ),
  },

  {
    path: paths.dashboard,
    access: 'signedIn',
    nav: 'shell.nav.dashboard',
    load: () => import('@/features/dashboard/DashboardPage'),
  },
  {
    path: paths.profile,
    access: 'signedIn',
    title: 'shell.profile',
    load: screen(() => import('@/features/profile/ProfilePage')),
  },
  {
    path: paths.customers,
    access: 'signedIn',
    nav: 'shell.nav.customers',
    load: screen(() => import('@/features/customers/CustomersPage')),
  },
  {
    path: recordPaths.customerNew,
    access: 'signedIn',
    title: 'customers.form.newTitle',
    load: screen(() => import('@/features/customers/CustomerFormPage')),
  },
  {
    path: '/customers/:id/edit',
    access: 'signedIn',
    load: screen(() => import('@/features/customers/CustomerFormPage')),
  },
  {
    path: '/customers/:id',
    access: 'signedIn',
    load: screen(() => import('@/features/customers/CustomerPage')),
  },
  {
    path: paths.items,
    access: 'signedIn',
    nav: 'shell.nav.items',
    load: screen(() => import('@/features/items/ItemsPage')),
  },
  {
    path: recordPaths.itemNew,
    access: 'signedIn',
    title: 'items.form.newTitle',
    load: screen(() => import('@/features/items/ItemPage')),
  },
  {
    path: '/items/:id',
    access: 'signedIn',
    load: screen(() => import('@/features/items/ItemPage')),
  },
  {
    path: paths.expenses,
    access: 'signedIn',
    nav: 'shell.nav.expenses',
    load: screen(() => import('@/features/expenses/ExpensesPage')),
  },
  {
    path: recordPaths.expenseNew,
    access: 'signedIn',
    title: 'expenses.form.newTitle',
    load: screen(() => import('@/features/expenses/ExpenseFormPage')),
  },
  // Before /expenses/:id, which would take "import" for an id.
  {
    path: paths.expensesImport,
    access: 'signedIn',
    title: 'inbound.title',
    load: screen(withMessages('inbound', () => import('@/features/inbound/InboundPage'))),
  },
  {
    path: '/expenses/:id/edit',
    access: 'signedIn',
    load: screen(() => import('@/features/expenses/ExpenseFormPage')),
  },
  {
    path: '/expenses/:id',
    access: 'signedIn',
    load: screen(() => import('@/features/expenses/ExpensePage')),
  },
  {
    path: paths.vendors,
    access: 'signedIn',
    nav: 'shell.nav.vendors',
    load: screen(() => import('@/features/expenses/vendors/VendorsPage')),
  },
  {
    path: recordPaths.vendorNew,
    access: 'signedIn',
    title: 'expenses.vendor.newTitle',
    load: screen(() => import('@/features/expenses/vendors/VendorPage')),
  },
  {
    path: '/vendors/:id',
    access: 'signedIn',
    load: screen(() => import('@/features/expenses/vendors/VendorPage')),
  },
  {
    path: paths.quotes,
    access: 'signedIn',
    nav: 'shell.nav.quotes',
    load: screen(() => import('@/features/quotes/QuotesPage')),
  },
  {
    path: recordPaths.quoteNew,
    access: 'signedIn',
    title: 'palette.page.newQuote',
    load: screen(() => import('@/features/quotes/QuoteFormPage')),
  },
  {
    path: '/quotes/:id/edit',
    access: 'signedIn',
    load: screen(() => import('@/features/quotes/QuoteFormPage')),
  },
  {
    path: '/quotes/:id/print',
    access: 'signedIn',
    load: screen(() => import('@/features/quotes/QuotePrintPage')),
  },
  {
    path: '/quotes/:id',
    access: 'signedIn',
    load: screen(() => import('@/features/quotes/QuotePage')),
  },
  {
    path: paths.invoices,
    access: 'signedIn',
    nav: 'shell.nav.invoices',
    load: screen(() => import('@/features/invoices/InvoicesPage')),
  },
  {
    path: recordPaths.invoiceNew,
    access: 'signedIn',
    title: 'palette.page.newInvoice',
    load: screen(() => import('@/features/invoices/InvoiceFormPage')),
  },
  {
    path: '/invoices/:id/edit',
    access: 'signedIn',
    load: screen(() => import('@/features/invoices/InvoiceFormPage')),
  },
  {
    path: '/invoices/:id/print',
    access: 'signedIn',
    load: screen(() => import('@/features/invoices/InvoicePrintPage')),
  },
  {
    path: '/invoices/:id',
    access: 'signedIn',
    load: screen(() => import('@/features/invoices/InvoicePage')),
  },
  {
    path: paths.payments,
    access: 'signedIn',
    nav: 'shell.nav.payments',
    load: screen(() => import('@/features/payments/PaymentsPage')),
  },
  {
    path: paths.bank,
    access: 'signedIn',
    nav: 'shell.nav.bank',
    load: screen(() => import('@/features/bank/BankPage')),
  },
  {
    path: paths.creditNotes,
    access: 'signedIn',
    nav: 'credits.nav',
    load: screen(() => import('@/features/credit-notes/CreditNotesPage')),
  },
  {
    path: '/credit-notes/new/:invoice',
    access: 'signedIn',
    title: 'credits.form.title',
    load: screen(() => import('@/features/credit-notes/CreditNoteFormPage')),
  },
  {
    path: '/credit-notes/:id/print',
    access: 'signedIn',
    load: screen(() => import('@/features/credit-notes/CreditNotePrintPage')),
  },
  {
    path: '/credit-notes/:id',
    access: 'signedIn',
    load: screen(() => import('@/features/credit-notes/CreditNotePage')),
  },
  {
    path: paths.recurring,
    access: 'signedIn',
    nav: 'shell.nav.recurring',
    load: screen(() => import('@/features/recurring/RecurringListPage')),
  },
  {
    path: recordPaths.recurringNew,
    access: 'signedIn',
    title: 'recurring.form.newTitle',
    load: screen(() => import('@/features/recurring/RecurringFormPage')),
  },
  {
    path: '/recurring/:id/edit',
    access: 'signedIn',
    load: screen(() => import('@/features/recurring/RecurringFormPage')),
  },
  {
    path: '/recurring/:id',
    access: 'signedIn',
    load: screen(() => import('@/features/recurring/RecurringPage')),
  },
  {
    // Every role reads the reports (the accountant most of all).
    path: paths.reports,
    access: 'signedIn',
    nav: 'shell.nav.reports',
    load: withMessages(
      'reports',
      screen(() => import('@/features/reports/ReportsPage')),
    ),
  },
  {
    path: paths.settings,
    access: 'signedIn',
    nav: 'shell.nav.settings',
    layout: settings,
    load: screen(() => import('@/features/settings/SettingsIndexPage')),
  },
  {
    path: paths.settingsAccount,
    access: 'signedIn',
    title: 'settings.nav.account',
    layout: settings,
    load: screen(() => import('@/features/settings/AccountPage')),
  },
  {
    path: paths.settingsBusiness,
    access: 'signedIn',
    title: 'settings.nav.business',
    layout: settings,
    load: screen(() => import('@/features/settings/BusinessPage')),
  },
  {
    path: paths.settingsBank,
    access: 'signedIn',
    title: 'settings.nav.bank',
    layout: settings,
    load: screen(() => import('@/features/settings/BankPage')),
  },
  {
    path: paths.settingsCardPayments,
    access: 'signedIn',
    title: 'settings.nav.card',
    layout: settings,
    load: screen(() => import('@/features/settings/CardPaymentsPage')),
  },
  {
    path: paths.settingsEInvoicing,
    access: 'signedIn',
    title: 'settings.nav.einvoicing',
    layout: settings,
    load: screen(() => import('@/features/settings/EInvoicingPage')),
  },
  {
    path: paths.settingsMail,
    access: 'signedIn',
    title: 'settings.nav.mail',
    layout: settings,
    load: screen(() => import('@/features/settings/MailPage')),
  },
  {
    path: paths.settingsSecurity,
    access: 'signedIn',
    title: 'settings.nav.security',
    layout: settings,
    load: screen(() => import('@/features/settings/SecurityPage')),
  },
  {
    path: paths.settingsMembers,
    access: 'signedIn',
    title: 'team.nav.members',
    layout: settings,
    load: screen(() => import('@/features/team/MembersPage')),
  },
  {
    path: paths.businessNew,
    access: 'signedIn',
    title: 'team.create.title',
    load: screen(() => import('@/features/team/CreateBusinessPage')),
  },
  {
    path: paths.settingsData,
    access: 'signedIn',
    title: 'settings.nav.data',
    layout: settings,
    load: screen(() => import('@/features/settings/DataPage')),
  },
  {
    path: paths.settingsImport,
    access: 'signedIn',
    title: 'settings.nav.import',
    layout: settings,
    load: screen(withMessages('imports', () => import('@/features/imports/ImportPage'))),
  },
  {
    path: paths.settingsAppearance,
    access: 'signedIn',
    title: 'settings.nav.appearance',
    layout: settings,
    load: screen(() => import('@/features/settings/AppearancePage')),
  },
  {
    path: paths.settingsDisplay,
    access: 'signedIn',
    title: 'settings.nav.display',
    layout: settings,
    load: screen(() => import('@/features/settings/DisplayPage')),
  },
  {
    path: paths.settingsNotifications,
    access: 'signedIn',
    title: 'settings.nav.notifications',
    layout: settings,
    load: screen(() => import('@/features/settings/NotificationsPage')),
  },
  {
    path: paths.settingsReminders,
    access: 'signedIn',
    title: 'dunning.settings.nav',
    layout: settings,
    load: screen(() => import('@/features/settings/RemindersPage')),
  },
  {
    path: `${paths.settings}/*`,
    access: 'signedIn',
    layout: settings,
    load: screen(notFound),
  },
  {
    path: paths.helpCenter,
    access: 'signedIn',
    nav: 'shell.nav.helpCenter',
    load: screen(withMessages('help', () => import('@/features/help-center/HelpCenterPage'))),
  },
]

export interface PageRoute extends RouteRow {
  Component: LazyExoticComponent<ComponentType>
  /** Fetches the page's chunks (and its layout's) ahead of time, on hover or focus of a link. */
  preload: () => Promise<unknown>
}

function page(row: RouteRow): PageRoute {
  const { Component, preload } = lazyWithPreload(row.load)
  const withLayout = row.layout ? () => Promise.all([preload(), row.layout?.preload()]) : preload
  return { ...row, Component, preload: withLayout }
}

export const pages: readonly PageRoute[] = routeTable.map(page)
export const publicPages = pages.filter((p) => p.access !== 'signedIn')
export const signedInPages = pages.filter((p) => p.access === 'signedIn')
export const NotFound = page({ path: '/__not-found', access: 'public', load: notFound })

/** The sidebar; each label is read when it is drawn, in the interface's language. */
export const signedInNav = signedInPages.flatMap(({ path, nav }) =>
  nav
    ? [
        {
          href: path,
          get label() {
            return t(nav)
          },
        },
      ]
    : [],
)

/**
 * The signed-in area: every path under the first segment of a signed-in route. A path there
 * that no row matches is the signed-in app's "not found" (inside its layout, behind the guard).
 */
const signedInAreas = [...new Set(signedInPages.map((p) => `/${p.path.split('/')[1] ?? ''}`))]
export const signedInArea = new RegExp(
  `^(?:${signedInAreas.map((a) => a.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')})(?:/.*)?$`,
)

/** The name of a signed-in route (its own title, its sidebar entry, else its area's entry). */
export function titleKeyOf(row: RouteRow): MessageKey | undefined {
  if (row.title ?? row.nav) return row.title ?? row.nav
  const area = `/${row.path.split('/')[1] ?? ''}`
  return signedInPages.find((p) => p.path === area)?.nav
}

/**
 * The pages a user can jump to (command palette): every signed-in route without parameters that
 * has a name, in table order. A page drawn in the settings layout is also found by "Settings".
 */
export const jumpTargets: { href: string; key: MessageKey; area?: MessageKey }[] =
  signedInPages.flatMap((row) => {
    const key = row.title ?? row.nav
    if (!key || /[:*]/.test(row.path)) return []
    return [
      row.layout === settings && row.path !== paths.settings
        ? { href: row.path, key, area: 'shell.nav.settings' as const }
        : { href: row.path, key },
    ]
  })

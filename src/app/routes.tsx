import type { ComponentType, LazyExoticComponent, ReactNode } from 'react'
import { paths, recordPaths } from '@/config/paths'
import { lazyWithPreload, registerPreload } from '@/lib/preload'

export interface PageRoute<P = object> {
  path: string
  Component: LazyExoticComponent<ComponentType<P>>
  preload: () => Promise<unknown>
}

/** A lazily loaded page whose chunk can be fetched ahead of time (on hover or focus of a link). */
function page<P = object>(
  path: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  register = true,
): PageRoute<P> {
  const { Component, preload } = lazyWithPreload(load)
  if (register) registerPreload(path, preload)
  return { path, Component, preload }
}

const named = <K extends string>(m: Record<K, ComponentType>, key: K) => ({ default: m[key] })

export const publicRoutes: PageRoute[] = [
  page(paths.home, () => import('@/features/landing/LandingPage')),
  page(paths.signIn, () => import('@/features/auth/SignInPage')),
  page(paths.signIn2, () => import('@/features/auth/SignIn2Page')),
  page(paths.signUp, () => import('@/features/auth/SignUpPage')),
  page(paths.otp, () => import('@/features/auth/OtpPage')),
  page(paths.forgotPassword, () => import('@/features/auth/ForgotPasswordPage')),
  page(paths.resetPassword, () => import('@/features/auth/ResetPasswordPage')),
  page(paths.verifyEmail, () => import('@/features/auth/VerifyEmailPage')),
  page(paths.oauth2Callback, () => import('@/features/auth/OAuth2CallbackPage')),
  page(paths.error401, () =>
    import('@/features/errors/StatusPages').then((m) => named(m, 'UnauthorizedPage')),
  ),
  page(paths.error403, () =>
    import('@/features/errors/StatusPages').then((m) => named(m, 'ForbiddenPage')),
  ),
  page(paths.error404, () => import('@/features/errors/NotFoundPage')),
  page(paths.error500, () =>
    import('@/features/errors/StatusPages').then((m) => named(m, 'ServerErrorPage')),
  ),
  page(paths.error503, () =>
    import('@/features/errors/StatusPages').then((m) => named(m, 'MaintenancePage')),
  ),
]

/** Routes shown when an authenticated user visits a public-only page. */
export const signedOutOnly: readonly string[] = [paths.signIn, paths.signIn2, paths.signUp]

export const NotFound = page('/__not-found', () => import('@/features/errors/NotFoundPage'))

export const signedInRoutes: PageRoute[] = [
  page(paths.dashboard, () => import('@/features/dashboard/DashboardPage')),
  page(paths.profile, () => import('@/features/profile/ProfilePage')),
  page(paths.customers, () => import('@/features/customers/CustomersPage')),
  page(recordPaths.customerNew, () => import('@/features/customers/CustomerFormPage')),
  page('/customers/:id/edit', () => import('@/features/customers/CustomerFormPage')),
  page('/customers/:id', () => import('@/features/customers/CustomerPage')),
  page(paths.invoices, () => import('@/features/invoices/InvoicesPage')),
  page(recordPaths.invoiceNew, () => import('@/features/invoices/InvoiceFormPage')),
  page('/invoices/:id/edit', () => import('@/features/invoices/InvoiceFormPage')),
  page('/invoices/:id/print', () => import('@/features/invoices/InvoicePrintPage')),
  page('/invoices/:id', () => import('@/features/invoices/InvoicePage')),
  page(paths.payments, () => import('@/features/payments/PaymentsPage')),
  page(paths.quotes, () => import('@/features/quotes/QuotesPage')),
  page(recordPaths.quoteNew, () => import('@/features/quotes/QuoteFormPage')),
  page('/quotes/:id/edit', () => import('@/features/quotes/QuoteFormPage')),
  page('/quotes/:id/print', () => import('@/features/quotes/QuotePrintPage')),
  page('/quotes/:id', () => import('@/features/quotes/QuotePage')),
  page(paths.helpCenter, () => import('@/features/help-center/HelpCenterPage')),
]

export const settingsLayout = page<{ children: ReactNode }>(
  paths.settings,
  () => import('@/features/settings/SettingsLayout'),
  false,
)

/** Children of /settings, relative to it. */
export const settingsRoutes: PageRoute[] = [
  page('/settings/index', () => import('@/features/settings/SettingsIndexPage')),
  page(paths.settingsAccount, () => import('@/features/settings/AccountPage')),
  page(paths.settingsAppearance, () => import('@/features/settings/AppearancePage')),
  page(paths.settingsDisplay, () => import('@/features/settings/DisplayPage')),
  page(paths.settingsNotifications, () => import('@/features/settings/NotificationsPage')),
]
registerPreload(paths.settings, () =>
  Promise.all([settingsLayout.preload(), settingsRoutes[0]?.preload()]),
)

export const signedInNav = [
  { href: paths.dashboard, label: 'Dashboard' },
  { href: paths.customers, label: 'Customers' },
  { href: paths.quotes, label: 'Quotes' },
  { href: paths.invoices, label: 'Invoices' },
  { href: paths.payments, label: 'Payments' },
  { href: paths.settings, label: 'Settings' },
  { href: paths.helpCenter, label: 'Help center' },
]

/**
 * Sign-in through a real OpenID Connect provider (node-oidc-provider on loopback, registered with
 * the server as PocketBase's `oidc` provider by the global setup): PKCE code flow, state check,
 * code exchange and userinfo on the server, account creation from the verified email.
 */
import type { Page } from '@playwright/test'
import { expect, test, uniqueEmail } from '../support/fixtures'
import { oidcClaimsFor, oidcDisplayName } from '../support/oidc'

/** From Folio's sign-in page to the provider's login page, and signs in there as `email`. */
async function signInWithProvider(page: Page, email: string) {
  await page.goto('/sign-in?redirect=/customers')
  await page.getByRole('button', { name: `Sign in with ${oidcDisplayName}` }).click()
  // The button asks the server for the auth URL first: wait until the browser is at the provider.
  await expect(page.getByRole('heading', { level: 1, name: oidcDisplayName })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('signing in with the OpenID Connect provider creates the account and keeps the redirect', async ({
  page,
}) => {
  const email = uniqueEmail('oidc')
  await signInWithProvider(page, email)

  await expect(page).toHaveURL(/\/customers$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await expect(page.getByText('Welcome back!')).toBeVisible()

  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  const details = page.getByRole('definition')
  await expect(details.filter({ hasText: email })).toHaveCount(1)
  await expect(details.filter({ hasText: oidcClaimsFor(email).name })).toHaveCount(1)
  await expect(page.getByRole('term').filter({ hasText: 'Email verified' })).toBeVisible()
  await expect(details.filter({ hasText: /^Yes$/ })).toHaveCount(1)
})

/** Back on the sign-in page with the reason, signed out. */
async function expectRefused(page: Page) {
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(
    'The sign-in link is no longer valid.',
  )
  await expect(page.getByText('Failed to login')).toBeVisible()
  await expect(page.getByText('Welcome back!')).toHaveCount(0)
}

test.describe('a callback that does not match the sign-in it started', () => {
  test('a real code with a tampered state is refused and nobody is signed in', async ({ page }) => {
    // The provider's answer to the login form is a redirect chain ending at the callback: follow it
    // outside the browser, then send the browser to the callback with the state swapped.
    await page.route(/\/interaction\//, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      const res = await route.fetch()
      const callback = new URL(res.url())
      expect(callback.pathname).toBe('/oauth2-callback')
      expect(callback.searchParams.get('code')).toBeTruthy()
      callback.searchParams.set('state', 'wrong')
      await route.fulfill({ status: 303, headers: { location: callback.toString() } })
    })
    const visited: string[] = []
    page.on('framenavigated', (f) => visited.push(f.url()))
    await signInWithProvider(page, uniqueEmail('oidc-tampered'))

    await expectRefused(page)
    expect(visited.filter((u) => /\/oauth2-callback\?code=[^&]+&state=wrong/.test(u))).toHaveLength(
      1,
    )
    await page.goto('/customers')
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fcustomers$/)
  })

  test('a callback without a sign-in in progress is refused', async ({ page }) => {
    await page.goto('/oauth2-callback?code=x&state=wrong')
    await expectRefused(page)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard$/)
  })
})

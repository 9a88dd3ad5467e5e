import type { Page } from '@playwright/test'
import { axeViolations } from '../support/axe'
import { expect, signIn, test } from '../support/fixtures'
import { harness } from '../support/env'

const publicPages: Array<[string, RegExp | string]> = [
  ['/', 'The back office of your small business'],
  ['/sign-in', 'Sign in'],
  ['/sign-in-2', 'Sign in'],
  ['/sign-up', 'Create an account'],
  ['/otp', 'Two-factor authentication'],
  ['/forgot-password', 'Forgot password'],
  ['/reset-password?token=abc', 'Choose a new password'],
  ['/verify-email', 'Verify your email'],
  ['/401', /Unauthorized Access/],
  ['/403', /Access Forbidden/],
  ['/404', /Oops! Page Not Found!/],
  ['/500', /Something went wrong/],
  ['/503', /Website is under maintenance!/],
]

test.describe('public routes', () => {
  for (const [path, heading] of publicPages) {
    test(`${path} renders`, async ({ page }) => {
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      expect(errors).toEqual([])
    })
  }
})

test('the 404 page: texts, Go Back and Back to Home', async ({ page }) => {
  await page.goto('/sign-in')
  await page.goto('/no/such/page')
  await expect(page.locator('main p').first()).toHaveText('404')
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found!' })).toBeVisible()
  await expect(page.getByText(/does not exist or might have been removed/)).toBeVisible()
  await page.getByRole('button', { name: 'Go Back' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await page.goto('/404')
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The back office of your small business',
  )
})

test('the 500 page goes home', async ({ page }) => {
  await page.goto('/500')
  await page.getByRole('link', { name: 'Go Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('a signed-out visit to the signed-in area keeps where it was going', async ({ page }) => {
  await page.goto('/invoices?page=2')
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Finvoices%3Fpage%3D2$/)
  const url = new URL(page.url())
  expect(url.searchParams.get('redirect')).toBe('/invoices?page=2')
  for (const path of ['/dashboard', '/settings/account', '/help-center']) {
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`/sign-in\\?redirect=${encodeURIComponent(path)}$`))
  }
})

test('the app is served with the security headers and a JSON 404 for unknown API paths', async ({
  request,
}) => {
  const res = await request.get('/dashboard')
  expect(res.status()).toBe(200)
  const csp = res.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toMatch(/script-src 'self'(;|$)/)
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  expect(res.headers()['x-content-type-options']).toBe('nosniff')
  expect(res.headers()['cache-control']).toContain('no-cache')
  const api = await request.get('/api/does-not-exist')
  expect(api.status()).toBe(404)
  expect(api.headers()['content-type']).toContain('application/json')
})

test('preferences are set in settings, survive a reload, and last a year', async ({
  page,
  context,
}) => {
  const h = harness()
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(page.locator('html')).toHaveAttribute('data-font', 'geist')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.goto('/settings/appearance')
  await page.getByRole('radio', { name: 'Light' }).check()
  await page.getByRole('radio', { name: 'Manrope' }).check()
  await page.goto('/settings/display')
  await page.getByRole('radio', { name: 'Right to left' }).check()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  const cookies = await context.cookies()
  const yearFromNow = Date.now() / 1000 + 365 * 24 * 3600
  for (const [name, value] of [
    ['folio_theme', 'light'],
    ['folio_font', 'manrope'],
    ['folio_dir', 'rtl'],
  ]) {
    const c = cookies.find((x) => x.name === name)
    expect(c?.value).toBe(value)
    expect(Math.abs((c?.expires ?? 0) - yearFromNow)).toBeLessThan(120)
  }

  await page.reload()
  await expect(page.locator('html')).toHaveClass(/light/)
  await expect(page.locator('html')).toHaveAttribute('data-font', 'manrope')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('radio', { name: 'Right to left' })).toBeChecked()
})

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const path of ['/', '/sign-in', '/404', '/sign-up']) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  }
})

/** Waits until the app has taken the prerendered page over (main.tsx marks the root). */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('#root[data-started]')).toHaveCount(1)
}

test.describe('route chunks are preloaded on intent', () => {
  test.use({ serviceWorkers: 'block' })

  test('hovering or focusing a link fetches its chunk before any click', async ({ page }) => {
    const chunks: string[] = []
    page.on('request', (r) => {
      const name = r.url().split('/').pop() ?? ''
      if (name.endsWith('.js')) chunks.push(name)
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The page is drawn from its HTML before the app starts: links preload once it has.
    await hydrated(page)
    expect(chunks.some((c) => c.startsWith('SignUpPage'))).toBe(false)
    await page.getByRole('link', { name: 'Create account' }).hover()
    await expect.poll(() => chunks.some((c) => c.startsWith('SignUpPage'))).toBe(true)
    expect(page.url()).not.toContain('/sign-up')

    await page.goto('/sign-in')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await hydrated(page)
    expect(chunks.some((c) => c.startsWith('ForgotPasswordPage'))).toBe(false)
    await page.getByRole('link', { name: 'Forgot password?' }).focus()
    await expect.poll(() => chunks.some((c) => c.startsWith('ForgotPasswordPage'))).toBe(true)
    expect(page.url()).toContain('/sign-in')
  })
})

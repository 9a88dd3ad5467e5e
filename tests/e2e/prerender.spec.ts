import type { Page } from '@playwright/test'
import { harness } from '../support/env'
import { expect, signIn, test } from '../support/fixtures'

/** Messages the browser logged as errors or warnings, and uncaught errors. */
function problems(page: Page): string[] {
  const seen: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`))
  return seen
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('/sign-in is a page: its heading and the form’s labels', async ({ page }) => {
    await page.goto('/sign-in')
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    await expect(page).toHaveTitle('Sign in · Folio')
    // The preferences are the server's work: the defaults, before any script.
    const html = page.locator('html')
    await expect(html).toHaveAttribute('lang', 'en')
    await expect(html).toHaveAttribute('class', 'dark')
    await expect(html).toHaveAttribute('data-font', 'geist')
  })

  test('in German by the language cookie, with the preference cookies applied', async ({
    page,
    context,
    baseURL,
  }) => {
    const url = baseURL ?? harness().baseURL
    await context.addCookies(
      ['folio_lang=de', 'folio_theme=light', 'folio_font=manrope', 'folio_dir=rtl'].map((c) => {
        const [name = '', value = ''] = c.split('=')
        return { name, value, url }
      }),
    )
    await page.goto('/sign-in')
    await expect(page.getByRole('heading', { name: 'Anmelden', level: 1 })).toBeVisible()
    await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible()
    await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible()
    await expect(page).toHaveTitle('Anmelden · Folio')
    const html = page.locator('html')
    await expect(html).toHaveAttribute('lang', 'de')
    await expect(html).toHaveAttribute('class', 'light')
    await expect(html).toHaveAttribute('dir', 'rtl')
    await expect(html).toHaveAttribute('data-font', 'manrope')
  })

  test.describe('with a German browser', () => {
    test.use({ locale: 'de-DE' })

    test('/sign-in speaks German by Accept-Language, Arabic reads right to left', async ({
      page,
      context,
      baseURL,
    }) => {
      await page.goto('/sign-in')
      await expect(page.getByRole('heading', { name: 'Anmelden', level: 1 })).toBeVisible()
      await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', 'de')
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')

      // The cookie (the choice made in the app) wins over the browser's language.
      await context.addCookies([
        { name: 'folio_lang', value: 'ar', url: baseURL ?? harness().baseURL },
      ])
      await page.goto('/sign-up')
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('إنشاء حساب')
    })
  })

  test('the other public pages and the document page’s shell are pages too', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
    await page.goto('/forgot-password')
    await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible()
    await page.goto('/404')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page Not Found!')
    await page.goto('/d/no-such-token')
    await expect(page.getByRole('status')).toBeVisible()
    await expect(page).toHaveTitle('Your document')
  })
})

test('the server sends the route’s chunks as modulepreloads, and no inline script', async ({
  request,
}) => {
  const signInPage = await request.get('/sign-in')
  const body = await signInPage.text()
  // A prerendered page keeps its modules (and the manifest) inert until it has been painted: the
  // route's chunks join them in the template, and only the starter is a script outside it.
  const modules = /<template id="folio-modules">(.*?)<\/template>/.exec(body)?.[1] ?? ''
  expect(modules).toMatch(/<script type="module" crossorigin src="\/assets\/main-[^"]+\.js">/)
  expect(modules).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/SignInPage-[^"]+\.js">/,
  )
  expect(modules).toMatch(/<link rel="manifest"/)
  const outside = body.replace(/<template id="folio-modules">.*?<\/template>/, '')
  expect(outside).not.toMatch(/type="module"|rel="modulepreload"|rel="manifest"/)
  expect(outside).toMatch(/<script defer src="\/assets\/after-paint-[^"]+\.js"><\/script>/)
  // The default font is fetched with the style sheet, not found in it afterwards.
  expect(outside).toMatch(
    /<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/geist-latin-[^"]+\.woff2">/,
  )
  // Every preference was applied by the server: no render-blocking script before the page.
  expect(body).not.toMatch(/assets\/prefs-/)
  expect(body).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>/)
  const csp = signInPage.headers()['content-security-policy'] ?? ''
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))
  expect(scriptSrc?.trim()).toBe("script-src 'self'")

  // A signed-in route's page is the app's frame, painted first: its modules, the route's chunks
  // among them, wait in the template like a prerendered page's.
  const dashboard = await (await request.get('/dashboard')).text()
  expect(dashboard).toMatch(/<html [^>]*data-app-shell/)
  expect(dashboard).toMatch(/<div class="app-frame /)
  const shellModules = /<template id="folio-modules">(.*?)<\/template>/.exec(dashboard)?.[1] ?? ''
  expect(shellModules).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/DashboardPage-/,
  )
  expect(shellModules).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/SignedInApp-/)
  expect(dashboard.replace(/<template id="folio-modules">.*?<\/template>/, '')).not.toMatch(
    /type="module"|rel="modulepreload"/,
  )
  // A public page never shows the frame.
  expect(body).not.toMatch(/data-app-shell|class="app-frame/)
})

test('a prerendered page is painted before any of the app’s scripts is fetched', async ({
  page,
}) => {
  await page.goto('/sign-in')
  // Hydrated: the app's handlers answer.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    modules: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/(?!after-paint-)[^/]+\.js$/.test(e.name))
      .map((e) => ({ name: e.name, startTime: e.startTime })),
  }))
  expect(timing.paint).toBeGreaterThan(0)
  expect(timing.modules.length).toBeGreaterThan(5)
  for (const m of timing.modules) expect(m.startTime, m.name).toBeGreaterThanOrEqual(timing.paint)
})

test('with JavaScript, the page is hydrated without a warning, and signing in works', async ({
  page,
}) => {
  const seen = problems(page)
  // Keeps the server's heading element: hydration takes it over, a fresh render would replace it.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as unknown as { serverHeading: Element | null }).serverHeading =
        document.querySelector('h1')
    })
  })
  await page.goto('/sign-in')
  // Handlers are attached: an empty form is refused field by field.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { serverHeading: Element | null }).serverHeading ===
        document.querySelector('h1'),
    ),
  ).toBe(true)
  expect(seen).toEqual([])

  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  expect(seen).toEqual([])
})

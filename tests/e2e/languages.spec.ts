import type { Page } from '@playwright/test'
import { harness } from '../support/env'
import { expect, signIn, test } from '../support/fixtures'

/** How far the page scrolls sideways (0 when it fits the window). */
const sideways = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement?.scrollWidth ?? 0) - document.documentElement.clientWidth,
  )

test('the interface in German: dashboard, a list and the editor, with German numbers', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  await page.goto('/settings/display')
  await page.getByRole('radio', { name: 'Deutsch' }).check()
  // The switch happens in place: no reload, and the sidebar already speaks German.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await page.getByRole('link', { name: 'Übersicht' }).first().click()
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Kennzahlen' })).toBeVisible()
  // Money in German: "1.234,56 €".
  await expect(page.getByText(/^-?\d{1,3}(\.\d{3})*,\d{2}\s€$/).first()).toBeVisible()

  await page.getByRole('link', { name: 'Rechnungen' }).first().click()
  await expect(page.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeVisible()
  await expect(page.getByRole('cell', { name: /\d,\d{2}\s€$/ }).first()).toBeVisible()

  await page.getByRole('link', { name: 'Neue Rechnung' }).first().click()
  await expect(page.getByRole('heading', { name: 'Neue Rechnung', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Position hinzufügen' })).toBeVisible()
  await page.getByRole('button', { name: 'Rechnung speichern' }).click()
  await expect(page.getByText('Wählen Sie einen Kunden').first()).toBeVisible()
  await expect(page.getByText('Beschreiben Sie die Position').first()).toBeVisible()

  // The choice is kept: a reload comes back in German before any script runs.
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { name: 'Neue Rechnung', level: 1 })).toBeVisible()
})

test('the browser’s language is the default, and Arabic reads right to left', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'ar-EG' })
  const page = await context.newPage()
  await page.goto('/sign-in')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول', level: 1 })).toBeVisible()
  await context.close()

  const german = await browser.newContext({ locale: 'de-AT' })
  const p2 = await german.newPage()
  await p2.goto('/sign-in')
  await expect(p2.locator('html')).toHaveAttribute('lang', 'de')
  await expect(p2.locator('html')).toHaveAttribute('dir', 'ltr')
  await german.close()
})

test('Arabic: every signed-in screen right to left, without sideways scroll', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000)
  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  const origin = new URL(page.url()).origin
  await context.addCookies([{ name: 'folio_lang', value: 'ar', url: origin }])

  // A customer, a quote and an invoice of the demo data, for their record pages.
  await page.goto('/invoices')
  const invoice = await page
    .locator('a[href^="/invoices/"]')
    .evaluateAll((links) =>
      links
        .map((a) => a.getAttribute('href'))
        .find((href) => /^\/invoices\/[a-z0-9]{15}$/.test(href ?? '')),
    )
  await page.goto('/customers')
  const customer = await page
    .locator('a[href^="/customers/"]')
    .evaluateAll((links) =>
      links
        .map((a) => a.getAttribute('href'))
        .find((href) => /^\/customers\/[a-z0-9]{15}$/.test(href ?? '')),
    )
  expect(invoice && customer).toBeTruthy()

  const screens = [
    '/dashboard',
    '/customers',
    '/quotes',
    '/invoices',
    '/payments',
    '/settings/account',
    '/settings/display',
    '/help-center',
    String(customer),
    String(invoice),
    '/invoices/new',
  ]
  const problems: string[] = []
  for (const width of [320, 390, 768, 1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    for (const path of screens) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      const over = await sideways(page)
      if (over > 0) problems.push(`${path} at ${width} px scrolls ${over} px sideways`)
    }
  }
  expect(problems).toEqual([])
})

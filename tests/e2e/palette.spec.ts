import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, signIn, signUp, test, uniqueEmail } from '../support/fixtures'
import { harness } from '../support/env'
import { layoutProblems } from '../support/layout'
import { axeViolations } from '../support/axe'

const axe = (page: Page) => axeViolations(page)

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search Folio' })
const searchBox = (page: Page) =>
  palette(page).getByRole('combobox', { name: 'Search customers, invoices, quotes and pages' })

test('Ctrl+K finds a customer by name and Enter opens its page, titled with its name', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('palette'))
  await expect(page).toHaveTitle('Dashboard · Folio')
  // A new account: initials from the email's local part ("palette-…" → P).
  const menu = page.getByRole('button', { name: /^Account menu for palette-/ })
  await expect(menu.locator('span[aria-hidden]')).toHaveText(/^P/)

  const name = `Ölmühle Zephyr ${randomBytes(3).toString('hex')}`
  await page.goto('/customers/new')
  await expect(page).toHaveTitle('New customer · Folio')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('orders@oelmuehle.example')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Invoices', exact: true }).click()
  await expect(page).toHaveTitle('Invoices · Folio')

  await page.keyboard.press('Control+K')
  await expect(palette(page)).toBeVisible()
  await expect(searchBox(page)).toBeFocused()
  await page.keyboard.type(name.slice(0, -3))
  await expect(palette(page).getByRole('option', { name: new RegExp(name) })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeHidden()
  await expect(page).toHaveURL(/\/customers\/[a-z0-9]{15}$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(`${name} · Folio`)
})

test.describe('with the demo account', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, harness().demoEmail, harness().demoPassword)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  })

  test('the user menu shows initials from the name and switches the theme', async ({ page }) => {
    const menu = page.getByRole('button', { name: 'Account menu for Demo User' })
    await expect(menu).toContainText('DU')
    await menu.click()
    const theme = page.getByRole('group', { name: 'Theme' })
    const html = page.locator('html')
    await theme.getByRole('button', { name: 'Dark' }).click()
    await expect(html).toHaveClass(/\bdark\b/)
    await expect(theme.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await theme.getByRole('button', { name: 'Light' }).click()
    await expect(html).toHaveClass(/\blight\b/)
    await expect(html).not.toHaveClass(/\bdark\b/)
    // The same preference as the appearance settings: it survives a reload.
    await page.reload()
    await expect(html).toHaveClass(/\blight\b/)
    await page.getByRole('button', { name: 'Account menu for Demo User' }).click()
    await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click()
    await expect(html).toHaveClass(/\bdark\b/)
    await page.goto('/settings/appearance')
    await expect(
      page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }),
    ).toBeChecked()
  })

  test('the palette: keyboard, documents and pages, axe, focus back, 320 px, Arabic', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000)
    const customersLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Customers',
    })
    await customersLink.focus()
    await page.keyboard.press('Control+K')
    await expect(searchBox(page)).toBeFocused()
    // Pages are there before anything is typed.
    await expect(palette(page).getByRole('group', { name: 'Pages' })).toBeVisible()
    expect(await axe(page), 'palette, empty').toEqual([])

    // Documents by number: the demo's invoices.
    await page.keyboard.type('INV-')
    const invoices = palette(page).getByRole('group', { name: 'Invoices' })
    await expect(invoices.getByRole('option').first()).toBeVisible()
    await expect(palette(page).getByRole('group', { name: 'Pages' })).toBeHidden()
    expect(await axe(page), 'palette, results').toEqual([])
    await page.keyboard.press('ArrowDown')
    await expect(invoices.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true')
    await expect(searchBox(page)).toBeFocused()

    // Escape closes and focus goes back to what had it.
    await page.keyboard.press('Escape')
    await expect(palette(page)).toBeHidden()
    await expect(customersLink).toBeFocused()

    // A page by its name, from the header's button.
    await page.getByRole('button', { name: 'Search…' }).click()
    await searchBox(page).fill('display')
    // A page named as typed goes first, before anything the search finds among the records.
    const first = palette(page).getByRole('option').first()
    await expect(first).toHaveText(/^Display/)
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/settings\/display$/)
    await expect(page).toHaveTitle('Display · Folio')

    // 320 px: no sideways scroll with the palette open.
    await page.setViewportSize({ width: 320, height: 640 })
    await page.getByRole('button', { name: 'Search…' }).click()
    await searchBox(page).fill('a')
    await expect(palette(page).getByRole('option').first()).toBeVisible()
    // No sideways scroll, and no text of the palette cut off.
    expect(await layoutProblems(page)).toEqual([])
    const box = await palette(page).boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true)

    // In Arabic, right to left: the tab's title and the palette follow the interface's language.
    await context.addCookies([{ name: 'folio_lang', value: 'ar', url: new URL(page.url()).origin }])
    await page.keyboard.press('Escape')
    await page.goto('/invoices')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page).toHaveTitle('الفواتير · Folio')
    await page.keyboard.press('Control+K')
    const rtlPalette = page.getByRole('dialog', { name: 'البحث في Folio' })
    await expect(rtlPalette).toBeVisible()
    await page.keyboard.type('INV-')
    await expect(rtlPalette.getByRole('option').first()).toBeVisible()
    expect(await layoutProblems(page)).toEqual([])
    expect(await axe(page), 'palette, Arabic').toEqual([])
  })
})

import type { Page } from '@playwright/test'
import { expect, signIn, test } from '../support/fixtures'
import { harness } from '../support/env'
import { axeViolations } from '../support/axe'

/** The back-office screens with the demo account's data: no axe violations (WCAG 2.1 AA). */
const axe = (page: Page) => axeViolations(page)

test.beforeEach(async ({ page }) => {
  await signIn(page, harness().demoEmail, harness().demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
})

const screens: Array<[string, string]> = [
  ['/dashboard', 'Dashboard'],
  ['/customers', 'Customers'],
  ['/quotes', 'Quotes'],
  ['/invoices?status=outstanding', 'Invoices'],
  ['/payments', 'Payments'],
  ['/expenses', 'Expenses'],
  ['/expenses/new', 'New expense'],
  ['/vendors', 'Vendors'],
  // The demo's bank statement: every state of a transaction.
  ['/bank', 'Bank'],
  ['/reports', 'Reports'],
  ['/settings/notifications', 'Settings'],
  // The business's security rule and the close section, as its owner sees them.
  ['/settings/security', 'Settings'],
  ['/settings/business', 'Settings'],
  ['/help-center', 'Help center'],
]
for (const [path, heading] of screens) {
  test(`${path} has no violations`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto(path)
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
    // Loaded data, not skeletons.
    await page.waitForLoadState('networkidle')
    expect(await axe(page), path).toEqual([])
  })
}

test('record pages, editors, dialogs and the print view have no violations', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/invoices?status=outstanding')
  await page.getByRole('row').nth(1).getByRole('link').first().click()
  await expect(page.getByRole('heading', { name: /^Invoice INV-/, level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await axe(page), 'invoice').toEqual([])

  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByRole('dialog', { name: 'Record a payment' })).toBeVisible()
  expect(await axe(page), 'payment dialog').toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  // Focus goes back to the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Record payment' })).toBeFocused()

  await page.getByRole('link', { name: 'Print' }).click()
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible()
  expect(await axe(page), 'print view').toEqual([])

  await page.goto('/invoices/new')
  await expect(page.getByRole('heading', { name: 'New invoice', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByText('Choose a customer')).toBeVisible()
  expect(await axe(page), 'invoice editor with errors').toEqual([])

  await page.goto('/customers')
  await page.getByRole('row').nth(1).getByRole('link').first().click()
  await expect(page.getByRole('heading', { name: 'Outstanding' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await axe(page), 'customer').toEqual([])

  await page.goto('/quotes')
  await page.getByRole('row').nth(1).getByRole('link').first().click()
  await expect(page.getByRole('heading', { name: /^Quote QUO-/, level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await axe(page), 'quote').toEqual([])
})

test('lists work from the keyboard: search, sort, row menu', async ({ page }) => {
  await page.goto('/invoices')
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill('INV-0001')
  await expect(page).toHaveURL(/\/invoices\?q=INV-0001$/)
  await expect(page.getByRole('link', { name: 'INV-00010' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'INV-00020' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Total' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/sort=total/)
  await expect(page.getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await page.getByRole('button', { name: 'Actions for INV-00010' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Open' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
  // The state survives a reload.
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search invoices' })).toHaveValue('INV-0001')
  await expect(page.getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('lists show cards and nothing scrolls sideways', async ({ page }) => {
    for (const path of ['/dashboard', '/customers', '/quotes', '/invoices', '/payments']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      if (path !== '/dashboard') {
        await expect(page.getByRole('table')).toBeHidden()
        await expect(page.getByRole('list', { name: path.slice(1) })).toBeVisible()
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })
})

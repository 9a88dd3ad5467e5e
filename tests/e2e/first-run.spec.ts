import { axeViolations } from '../support/axe'
import type { Page } from '@playwright/test'
import { expect, signUp, test, uniqueEmail } from '../support/fixtures'
import { fillLine } from '../support/billing'

/** The dashboard's setup checklist and one of its steps, by the text a screen reader hears. */
const checklist = (page: Page) => page.getByRole('region', { name: 'Get started with Folio' })
const step = (page: Page, text: string) =>
  checklist(page).getByRole('listitem').filter({ hasText: text })

test('first run: the checklist ticks as the account is set up; a payment on a draft asks first', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signUp(page, uniqueEmail('first'))
  await expect(checklist(page)).toBeVisible()
  await expect(checklist(page).getByText('0 of 5 done')).toBeVisible()
  await expect(step(page, 'Install the app')).toContainText('To do:')
  // Accessible, and it fits a small phone.
  expect(await axeViolations(page, { include: 'main' })).toEqual([])
  await page.setViewportSize({ width: 320, height: 800 })
  await expect(checklist(page)).toBeVisible()
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
  ).toBe(true)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Business details, from the checklist's own link.
  await checklist(page).getByRole('link', { name: 'Open business settings' }).click()
  await page.getByLabel('Business name').fill('Lantern Works Ltd')
  await page.getByLabel('Business address').fill('7 Dock Road\nCork')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(checklist(page).getByText('1 of 5 done')).toBeVisible()
  await expect(step(page, 'Add your business name, address and currency')).toContainText('Done:')

  // The first customer.
  await checklist(page).getByRole('link', { name: 'Add a customer' }).click()
  await page.getByLabel('Name').fill('Harbour Cafe')
  await page.getByLabel('Email').fill('owner@harbour.example')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Harbour Cafe', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(checklist(page).getByText('2 of 5 done')).toBeVisible()
  await expect(step(page, 'Add your first customer')).toContainText('Done:')

  // The first invoice, saved as a draft.
  await checklist(page).getByRole('link', { name: 'Create an invoice' }).click()
  await page.getByRole('combobox', { name: 'Customer' }).fill('Harbour')
  await page.getByRole('option', { name: /Harbour Cafe/ }).click()
  await fillLine(page, 1, { description: 'Lamp repairs', qty: '2', price: '40', tax: '0' })
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  const invoiceUrl = page.url()
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(checklist(page).getByText('3 of 5 done')).toBeVisible()
  await expect(step(page, 'Create your first invoice')).toContainText('Done:')

  // A payment on the never-sent draft asks, then the invoice is issued, not a draft.
  await page.goto(invoiceUrl)
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Record payment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record a payment' })
  await dialog.getByLabel(/^Amount/).fill('30')
  await dialog.getByRole('button', { name: 'Record payment' }).click()
  await expect(dialog.getByText('Mark as sent and record the payment?')).toBeVisible()
  await dialog.getByRole('button', { name: 'Mark as sent and record' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Partially paid', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Draft', { exact: true })).toHaveCount(0)

  // Hidden on request, and it stays hidden.
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await checklist(page).getByRole('button', { name: 'Hide the checklist' }).click()
  await expect(checklist(page)).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(checklist(page)).toHaveCount(0)
})

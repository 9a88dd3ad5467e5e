import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/** Fills line n (1-based) of the quote/invoice editor, as a user types it. */
export async function fillLine(
  page: Page,
  n: number,
  line: { description: string; qty: string; price: string; tax: string },
) {
  await page.getByLabel(`Line ${n} description`).fill(line.description)
  await page.getByLabel(`Line ${n} qty`).fill(line.qty)
  await page.getByLabel(`Line ${n} price`).fill(line.price)
  await page.getByLabel(`Line ${n} tax %`).fill(line.tax)
}

export async function recordPayment(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Record payment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record a payment' })
  await dialog.getByLabel(/^Amount/).fill(amount)
  await dialog.getByRole('button', { name: 'Record payment' }).click()
  return dialog
}

/** Send: the dialog opens with the mail to check; its Send button mails it. */
export async function sendFromDialog(page: Page, change?: { cc?: string }) {
  await page.getByRole('button', { name: /^Send( again)?$/ }).click()
  const dialog = page.getByRole('dialog', { name: /^Send (quote|invoice)/ })
  await expect(dialog.getByLabel('To')).not.toHaveValue('')
  if (change?.cc) await dialog.getByLabel('Cc').fill(change.cc)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog).toBeHidden({ timeout: 20_000 })
}

/** Adds a customer through its form and waits on its page; returns the page's URL. */
export async function addCustomer(page: Page, name: string, currency = 'EUR'): Promise<string> {
  await page.goto('/customers/new')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Currency').selectOption(currency)
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  return page.url()
}

/**
 * Makes an invoice of one line from the "New invoice" link of the page it is on (a customer's
 * page picks that customer) and waits on its page; returns the page's URL.
 */
export async function newInvoice(
  page: Page,
  line: { description: string; qty: string; price: string; tax: string },
  number = 'INV-00001',
): Promise<string> {
  await page.getByRole('link', { name: 'New invoice' }).click()
  await fillLine(page, 1, line)
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByRole('heading', { name: `Invoice ${number}`, level: 1 })).toBeVisible()
  return page.url()
}

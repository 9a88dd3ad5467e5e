import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import {
  expect,
  persistentBrowser,
  signUp,
  test,
  uniqueEmail,
  waitForMail,
  waitForServiceWorker,
  signUpVerified,
} from '../support/fixtures'
import { fillLine, recordPayment, sendFromDialog } from '../support/billing'
import { api, sentInvoice } from '../support/api'

/** A KPI card of the dashboard, found by its heading. */
const kpi = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

test('a business day: customer, quote, invoice, payments, dashboard, refusals, CSV and print', async ({
  page,
}) => {
  // Verifying the address (to send) adds a mail round trip.
  test.setTimeout(180_000)
  await signUpVerified(page, uniqueEmail('biz'))

  // The seller's details, printed on documents.
  await page.goto('/settings/business')
  await page.getByLabel('Business name').fill('Northwind Studio Ltd')
  await page.getByLabel('Business address').fill('1 Quay Street\nGalway')
  await page.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  })
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible()
  await page.getByLabel('Invoice number prefix').fill('INV 2026')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('A prefix has no spaces')).toBeVisible()
  await page.getByLabel('Invoice number prefix').fill('INV-')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()

  // A new account: the dashboard leads to the first customer.
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await page.getByRole('link', { name: 'Add your first customer' }).click()
  await expect(page).toHaveURL(/\/customers\/new$/)
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByText('Enter the customer’s name')).toBeVisible()
  await page.getByLabel('Name').fill('Acme Trading GmbH')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  // What was typed is still there after the refusal.
  await expect(page.getByLabel('Name')).toHaveValue('Acme Trading GmbH')
  await page.getByLabel('Email').fill('billing@acme.example')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Acme Trading GmbH', level: 1 })).toBeVisible()

  // A quote with 3 lines and 2 tax rates; totals follow as the lines are typed.
  await page.getByRole('link', { name: 'New quote' }).click()
  await expect(page.getByRole('heading', { name: 'New quote' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Acme Trading GmbH')
  await fillLine(page, 1, { description: 'Design work', qty: '10', price: '80', tax: '19' })
  await page.getByRole('button', { name: 'Add line' }).click()
  await fillLine(page, 2, { description: 'Hosting, one year', qty: '1', price: '120', tax: '7' })
  await page.getByRole('button', { name: 'Add line' }).click()
  await fillLine(page, 3, { description: 'Support hours', qty: '2', price: '50', tax: '19' })
  // 800 + 120 + 100 = 1,020 net; 19% of 900 = 171; 7% of 120 = 8.40.
  await expect(page.getByText('€1,199.40')).toBeVisible()
  await page.getByRole('button', { name: 'Save quote' }).click()
  await expect(page.getByRole('heading', { name: 'Quote QUO-00001', level: 1 })).toBeVisible()
  const sheet = page.getByRole('article', { name: 'Quote QUO-00001' })
  await expect(sheet.getByRole('cell', { name: 'Hosting, one year' })).toBeVisible()
  await expect(sheet.getByText('€1,199.40').first()).toBeVisible()
  // A draft the customer has not seen is not offered for conversion.
  await expect(page.getByRole('button', { name: 'Send' }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Convert to invoice' })).toHaveCount(0)

  // Send (mailed to the customer, once the dialog is confirmed), accept, convert.
  await sendFromDialog(page)
  const mail = await waitForMail('billing@acme.example', /QUO-00001/)
  expect(mail.text).toContain('Total: €1,199.40')
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Accept' }).click()
  await page
    .getByRole('dialog', { name: 'Mark QUO-00001 as accepted?' })
    .getByRole('button', { name: 'Mark as accepted' })
    .click()
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible()
  // Converting asks first; cancelling leaves the quote as it was.
  await page.getByRole('button', { name: 'Convert to invoice' }).click()
  const convert = page.getByRole('dialog', { name: 'Convert QUO-00001 to an invoice?' })
  await convert.getByRole('button', { name: 'Cancel' }).click()
  await expect(convert).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Quote QUO-00001', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Convert to invoice' }).click()
  await convert.getByRole('button', { name: 'Convert to invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'QUO-00001' })).toBeVisible()
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible()

  // Send the invoice.
  await sendFromDialog(page)
  await waitForMail('billing@acme.example', /INV-00001/)
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible()

  // Before any payment, the dashboard has it invoiced and nothing collected.
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(kpi(page, 'Invoiced')).toContainText('€1,199.40')
  await expect(kpi(page, 'Collected')).toContainText('€0.00')
  await expect(kpi(page, 'Outstanding')).toContainText('€1,199.40')
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()

  // A partial payment, an overpayment refused, then the rest.
  const first = await recordPayment(page, '500')
  await expect(first).toBeHidden()
  await expect(page.getByText('Partially paid', { exact: true }).first()).toBeVisible()
  const history = page.getByRole('list', { name: 'Payment history' })
  await expect(history.getByText('€500.00')).toBeVisible()
  const over = await recordPayment(page, '700')
  await expect(over.getByText('The payment is more than the balance due (€699.40).')).toBeVisible()
  await expect(over.getByLabel(/^Amount/)).toHaveValue('700')
  await over.getByLabel(/^Amount/).fill('699.40')
  await over.getByRole('button', { name: 'Record payment' }).click()
  await expect(over).toBeHidden()
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
  await expect(history.getByRole('listitem')).toHaveCount(2)

  // The dashboard shows the change: all collected, nothing outstanding.
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(kpi(page, 'Collected')).toContainText('€1,199.40')
  await expect(kpi(page, 'Outstanding')).toContainText('€0.00')

  // The customer has documents: it can't be deleted, and Archive is offered instead.
  await page.getByRole('link', { name: 'Customers' }).click()
  await page.getByRole('button', { name: 'Actions for Acme Trading GmbH' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Archive Acme Trading GmbH?' })
  await expect(confirm.getByText(/has quotes or invoices, so it can't be deleted/)).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Delete customer' })).toHaveCount(0)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('link', { name: 'Acme Trading GmbH' }).first().click()
  await expect(page.getByRole('heading', { name: 'Acme Trading GmbH', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)

  // A second invoice, a draft copy, so the filtered export has something to leave out.
  await page.getByRole('link', { name: 'INV-00001' }).click()
  await page.getByRole('button', { name: 'More actions' }).click()
  await page.getByRole('menuitem', { name: 'Duplicate' }).click()
  await expect(
    page.getByRole('heading', { name: /New invoice \(copy of INV-00001\)/ }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00002', level: 1 })).toBeVisible()

  // The print view of the draft: seller and buyer, lines, total, and the DRAFT mark.
  await page.getByRole('link', { name: 'Print' }).click()
  await expect(page).toHaveURL(/\/invoices\/[a-z0-9]{15}\/print$/)
  const printed = page.getByRole('article', { name: 'Invoice INV-00002' })
  await expect(printed.getByText('Northwind Studio Ltd')).toBeVisible()
  const logo = printed.getByRole('img', { name: 'Northwind Studio Ltd logo' })
  await expect(logo).toBeVisible()
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(printed.getByText('Bill to')).toBeVisible()
  await expect(printed.getByText('Acme Trading GmbH')).toBeVisible()
  await expect(printed.getByText('Amount due')).toBeVisible()
  await expect(printed.getByText('This invoice is a draft.')).toBeAttached()
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })

  // The invoice list, filtered to paid ones: the tab counts and the CSV follow the filter.
  await page.goto('/invoices')
  await expect(page.getByRole('link', { name: /^All/ })).toContainText('2')
  await page.getByRole('link', { name: /^Paid/ }).click()
  await expect(page).toHaveURL(/\/invoices\?status=paid$/)
  await expect(page.getByRole('link', { name: 'INV-00001' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'INV-00002' })).toHaveCount(0)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await (await download).path()
  const csv = readFileSync(file, 'utf8')
  expect(csv.charCodeAt(0)).toBe(0xfeff)
  const rows = csv.slice(1).trim().split('\r\n')
  expect(rows).toHaveLength(2)
  expect(rows[0]).toContain('Number,Customer,Issue date,Due date,Status,Currency')
  expect(rows[1]).toMatch(
    /^INV-00001,Acme Trading GmbH,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},Paid,EUR,/,
  )
  expect(rows[1]).toContain(',1199.40,1199.40,0.00,')
})

test('the same day offline: every write is queued, survives a reload, and is sent once when back online', async () => {
  test.setTimeout(120_000)
  const { context, close } = await persistentBrowser()
  try {
    const page = await context.newPage()
    await signUp(page, uniqueEmail('offline-biz'))
    await waitForServiceWorker(page)
    // Online once: the forms' defaults (the account's settings) are cached like any screen.
    await page.goto('/customers/new')
    await expect(page.getByLabel('Currency')).toHaveValue('EUR')

    // Writes the server answered (a try the network dropped on the way is not a write).
    const writes: string[] = []
    page.on('requestfinished', (r) => {
      const m = /\/api\/collections\/(customers|invoices|payments)\/records(\/[a-z0-9]+)?$/.exec(
        new URL(r.url()).pathname,
      )
      if (m && ['POST', 'PATCH', 'DELETE'].includes(r.method()))
        writes.push(`${r.method()} ${m[1]}`)
    })

    await context.setOffline(true)
    await page.getByLabel('Name').fill('Offline Bakery')
    await page.getByLabel('Email').fill('owner@bakery.example')
    await page.getByRole('button', { name: 'Add customer' }).click()
    await expect(page.getByRole('heading', { name: 'Offline Bakery', level: 1 })).toBeVisible()
    await expect(page.getByText('Waiting to send').first()).toBeVisible()

    await page.getByRole('link', { name: 'New invoice' }).click()
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Offline Bakery')
    await fillLine(page, 1, {
      description: 'Bread for the café',
      qty: '20',
      price: '4.50',
      tax: '7',
    })
    await page.getByRole('button', { name: 'Add line' }).click()
    await fillLine(page, 2, { description: 'Delivery', qty: '1', price: '10', tax: '19' })
    // 90 + 6.30 tax; 10 + 1.90 tax.
    await expect(page.getByText('€108.20')).toBeVisible()
    await page.getByRole('button', { name: 'Save invoice' }).click()
    await expect(page.getByRole('heading', { name: 'Draft invoice', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled()
    await page.getByRole('button', { name: 'Mark as sent' }).click()
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible()

    const part = await recordPayment(page, '50')
    await expect(part).toBeHidden()
    await expect(page.getByText('Partially paid', { exact: true }).first()).toBeVisible()
    await expect(page.getByText(/4 changes waiting to be sent/)).toBeVisible()

    // The print view works offline too, with what was typed.
    await page.getByRole('link', { name: 'Print' }).click()
    const sheet = page.getByRole('article', { name: 'Invoice (draft)' })
    await expect(sheet.getByRole('cell', { name: 'Bread for the café' })).toBeVisible()
    await expect(sheet.getByText('Offline Bakery')).toBeVisible()
    await page.getByRole('link', { name: 'Back' }).click()

    // Still offline, the app reopens with everything that was done, waiting.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Draft invoice', level: 1 })).toBeVisible()
    await expect(page.getByText(/4 changes waiting to be sent/)).toBeVisible()
    const rest = await recordPayment(page, '58.20')
    await expect(rest).toBeHidden()
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
    await expect(page.getByText(/5 changes waiting to be sent/)).toBeVisible()
    expect(writes).toEqual([])

    // Back online: sent in order, once each.
    await context.setOffline(false)
    await expect(page.getByText(/changes? waiting to be sent/)).toBeHidden({ timeout: 20_000 })
    await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
    expect(writes).toEqual([
      'POST customers',
      'POST invoices',
      'PATCH invoices',
      'POST payments',
      'POST payments',
    ])

    // The server has exactly what was done: one customer, one paid invoice, two payments.
    await page.goto('/payments')
    await expect(page.getByRole('link', { name: /^All/ })).toContainText('2')
    await page.goto('/invoices?status=paid')
    await expect(page.getByRole('link', { name: 'INV-00001' })).toBeVisible()
    await expect(page.getByRole('link', { name: /^All/ })).toContainText('1')
    await page.goto('/customers')
    await expect(page.getByRole('link', { name: /^Active/ })).toContainText('1')
  } finally {
    await context.setOffline(false).catch(() => {})
    await close()
  }
})

test('two devices: lists update live, and a payment replayed after the balance changed is refused with its message kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('two-devices')
  await signUp(page, email)
  const customer = await api<{ id: string }>(page, 'POST', '/api/collections/customers/records', {
    business: '$business',
    name: 'Harbour Books',
    currency: 'EUR',
  })
  const invoice = await sentInvoice(page, customer.id)

  // The phone: signed in too, looking at the invoice, then it loses the network.
  const phoneContext = await browser.newContext()
  const phone = await phoneContext.newPage()
  try {
    await phone.goto('/sign-in')
    await phone.getByLabel('Email').fill(email)
    await phone.getByLabel('Password', { exact: true }).fill('correct-horse-9')
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(phone).toHaveURL(/\/dashboard$/)
    await phone.goto(`/invoices/${invoice.id}`)
    await expect(phone.getByText('€100.00').first()).toBeVisible()
    await phoneContext.setOffline(true)
    const dialog = await recordPayment(phone, '100')
    await expect(dialog).toBeHidden()
    await expect(phone.getByText(/1 change waiting to be sent/)).toBeVisible()

    // The office: the invoice list is open; a payment of 40 arrives from elsewhere and the list
    // follows without a reload.
    await page.goto('/invoices')
    const row = page.getByRole('row').filter({ hasText: invoice.number })
    await expect(row).toContainText('Overdue')
    await api(page, 'POST', '/api/collections/payments/records', {
      business: '$business',
      invoice: invoice.id,
      amount_cents: 4000,
      date: '2026-02-01 00:00:00.000Z',
      method: 'card',
    })
    await expect(row).toContainText('€60.00')
    await expect(row).toContainText('Overdue')

    // The phone comes back: its payment of 100 is now more than the balance. It is refused with
    // the server's message, and what was typed stays listed with Try again / Discard.
    await phoneContext.setOffline(false)
    const refusal = phone.getByRole('alert').filter({ hasText: 'Not saved' })
    await expect(refusal).toContainText('Payment of €100.00 on ' + invoice.number)
    await expect(refusal).toContainText('The payment is more than the balance due')
    await expect(refusal.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(phone.getByText('€60.00').first()).toBeVisible()
    await refusal.getByRole('button', { name: 'Discard' }).click()
    await expect(refusal).toBeHidden()
  } finally {
    await phoneContext.close()
  }
})

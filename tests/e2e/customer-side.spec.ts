import { pdfText } from '../support/pdf'
import { axeViolations } from '../support/axe'
import type { Page } from '@playwright/test'
import { expect, linkIn, test, uniqueEmail, waitForMail, signUpVerified } from '../support/fixtures'
import { fillLine, recordPayment, sendFromDialog } from '../support/billing'

async function setUpBusiness(page: Page, customerEmail: string) {
  await page.goto('/settings/business')
  await page.getByLabel('Business name').fill('Harbour Lights Ltd')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()
  await page.goto('/settings/bank')
  await page.getByLabel('Account holder').fill('Harbour Lights Ltd')
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Enter a valid IBAN (check the digits).')).toBeVisible()
  // What was typed stays; fixing the check digit is enough.
  await expect(page.getByLabel('Account holder')).toHaveValue('Harbour Lights Ltd')
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00')
  await page.getByLabel('BIC').fill('COBADEFFXXX')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()

  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Seaview Hotel')
  await page.getByLabel('Email').fill(customerEmail)
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Seaview Hotel', level: 1 })).toBeVisible()
}

test('the customer’s side: a mailed quote opened, accepted, invoiced, paid', async ({
  page,
  browser,
}) => {
  // Verifying the address (to send) adds a mail round trip.
  test.setTimeout(200_000)
  const customerEmail = uniqueEmail('seaview')
  await signUpVerified(page, uniqueEmail('harbour'))
  await setUpBusiness(page, customerEmail)

  // 1. The owner sends a quote: the dialog shows the mail before anything goes.
  await page.getByRole('link', { name: 'New quote' }).click()
  await fillLine(page, 1, { description: 'Lighting design', qty: '12', price: '90', tax: '19' })
  await page.getByRole('button', { name: 'Save quote' }).click()
  await expect(page.getByRole('heading', { name: 'Quote QUO-00001', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Send quote QUO-00001' })
  await expect(dialog.getByLabel('To')).toHaveValue(customerEmail)
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(
    'Quote QUO-00001 from Harbour Lights Ltd',
  )
  expect(
    await axeViolations(page, { include: '[role="dialog"]', tags: ['wcag2a', 'wcag2aa'] }),
  ).toEqual([])
  await dialog.getByLabel('Cc').fill('not an email')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByText('Enter email addresses separated by commas')).toBeVisible()
  await dialog.getByLabel('Cc').fill('')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog).toBeHidden({ timeout: 20_000 })

  // 2. The mail carries the PDF and the link.
  const quoteMail = await waitForMail(customerEmail, /QUO-00001/)
  const quotePdf = pdfText(quoteMail)
  for (const text of ['QUO-00001', 'Seaview Hotel', 'Lighting design', '€1,285.20'])
    expect(quotePdf).toContain(text)
  const quoteLink = linkIn(quoteMail, '/d/')
  expect(quoteLink).toMatch(/\/d\/[A-Za-z0-9_-]{40,}$/)

  // 3. The customer, signed out in another browser, opens it.
  const customerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  const response = await customer.goto(quoteLink)
  expect(response?.headers()['x-robots-tag']).toContain('noindex')
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  const sheet = customer.getByRole('article', { name: 'Quote QUO-00001' })
  await expect(sheet.getByText('Harbour Lights Ltd')).toBeVisible()
  await expect(sheet.getByRole('cell', { name: 'Lighting design' })).toBeVisible()
  await expect(sheet.getByText('€1,285.20').first()).toBeVisible()
  expect(await axeViolations(customer, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([])

  // 4. The owner's page shows that it was opened, live.
  const activity = page.getByRole('list', { name: 'Activity' })
  await expect(activity.getByText('Opened by the customer')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('Viewed', { exact: true }).first()).toBeVisible()

  // 5. The customer accepts with their name (a missing name is explained, nothing is lost).
  await customer.getByLabel('Note (optional)').fill('Please start in May.')
  await customer.getByRole('button', { name: 'Accept quote' }).click()
  await expect(customer.getByText('Type your full name to accept.')).toBeVisible()
  await expect(customer.getByLabel('Note (optional)')).toHaveValue('Please start in May.')
  await customer.getByLabel('Full name').fill('Mara Quinn')
  await customer.getByRole('button', { name: 'Accept quote' }).click()
  await expect(customer.getByText(/Accepted by Mara Quinn/)).toBeVisible()

  // 6. The owner sees the acceptance at once.
  await expect(activity.getByText('Accepted by Mara Quinn — “Please start in May.”')).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible()

  // 7. The owner converts it and sends the invoice.
  await page.getByRole('button', { name: 'Convert to invoice' }).click()
  await page
    .getByRole('dialog', { name: /^Convert QUO-\d+ to an invoice\?$/ })
    .getByRole('button', { name: 'Convert to invoice' })
    .click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  await sendFromDialog(page)
  const invoiceMail = await waitForMail(customerEmail, /INV-00001/)
  expect(pdfText(invoiceMail)).toContain('DE89 3704 0044 0532 0130 00')
  const invoiceLink = linkIn(invoiceMail, '/d/')

  // 8. The customer sees how to pay: the IBAN and a QR code for a banking app.
  await customer.goto(invoiceLink)
  const invoiceSheet = customer.getByRole('article', { name: 'Invoice INV-00001' })
  await expect(invoiceSheet.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible()
  await expect(invoiceSheet.getByText('COBADEFFXXX')).toBeVisible()
  // The code is made as the customer scrolls down to how to pay.
  await invoiceSheet.getByText('COBADEFFXXX').scrollIntoViewIfNeeded()
  await expect(
    invoiceSheet.getByRole('img', { name: 'QR code to pay €1,285.20 by bank transfer' }),
  ).toBeVisible()
  const download = customer.waitForEvent('download')
  await customer.getByRole('button', { name: 'Download PDF' }).click()
  expect((await download).suggestedFilename()).toBe('INV-00001.pdf')

  // The customer's page fits every width, from a small phone to a wide screen.
  for (const width of [320, 390, 768, 1024, 1280, 1920]) {
    await customer.setViewportSize({ width, height: 900 })
    await expect(invoiceSheet).toBeVisible()
    const overflow = await customer.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `sideways scroll at ${width} px`).toBe(0)
  }
  await customer.setViewportSize({ width: 1280, height: 900 })

  // 9. Once the owner records the payment, the customer's page says PAID.
  const pay = await recordPayment(page, '1285.20')
  await expect(pay).toBeHidden()
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
  await customer.reload()
  await expect(customer.getByRole('status')).toContainText('PAID — thank you')
  await expect(invoiceSheet.getByText('PAID', { exact: true })).toBeVisible()
  await expect(customer.getByRole('img', { name: /QR code to pay/ })).toHaveCount(0)

  // A link that was never made, or that was replaced, opens nothing.
  await customer.goto(quoteLink.replace(/.{6}$/, 'AAAAAA'))
  await expect(
    customer.getByRole('heading', { name: 'This link is no longer valid.' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'New link' }).click()
  await page
    .getByRole('dialog', { name: 'Make a new link?' })
    .getByRole('button', { name: 'Make a new link' })
    .click()
  // By role: a label match also finds the closing dialog "Make a new link?" (not an input).
  await expect(page.getByRole('textbox', { name: 'New link', exact: true })).toHaveValue(
    /\/d\/[A-Za-z0-9_-]{40,}$/,
  )
  await customer.goto(invoiceLink)
  await expect(
    customer.getByRole('heading', { name: 'This link is no longer valid.' }),
  ).toBeVisible()
  await customerContext.close()
})

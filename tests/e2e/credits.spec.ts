// Issue 12, part 1: credit notes, as a user meets them — a paid invoice credited in part, the
// refund recorded, and the dashboard net of both.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, signUp, test, uniqueEmail } from '../support/fixtures'
import { addCustomer, newInvoice, recordPayment } from '../support/billing'
import { layoutProblems } from '../support/layout'
import { axeViolations } from '../support/axe'

/** A credit-notes message in English or Arabic, from the app's own catalogue. */
const credits = (lang: 'en' | 'ar', key: string): string =>
  (JSON.parse(readFileSync(`src/locales/${lang}/credits.json`, 'utf8')) as Record<string, string>)[
    key
  ] ?? key

/**
 * Opens a dialog with the button named `openKey` on the current record, in English and in Arabic
 * (right to left), and lists what its layout gets wrong from 320 to 1920 px.
 */
async function dialogWidthProblems(
  page: Page,
  openKey: string,
  titleKey: string,
): Promise<string[]> {
  const problems: string[] = []
  const url = page.url()
  for (const lang of ['en', 'ar'] as const) {
    await page.context().addCookies([{ name: 'folio_lang', value: lang, url: new URL(url).origin }])
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(url)
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
    await page.getByRole('button', { name: credits(lang, openKey), exact: true }).click()
    const dialog = page.getByRole('dialog', { name: credits(lang, titleKey) })
    await expect(dialog).toBeVisible()
    for (const width of [320, 390, 768, 1024, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
      for (const p of await layoutProblems(page))
        problems.push(`${lang} ${credits(lang, titleKey)} at ${width} px: ${p}`)
      // The dialog stays inside the screen, its submit button within reach.
      const box = await dialog.boundingBox()
      if (!box || box.x < 0 || box.x + box.width > width + 1)
        problems.push(
          `${lang} ${credits(lang, titleKey)} at ${width} px: the dialog leaves the screen`,
        )
    }
  }
  await page.context().addCookies([{ name: 'folio_lang', value: 'en', url: new URL(url).origin }])
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(url)
  return problems
}

const axe = (page: Page) => axeViolations(page)

/** A KPI card of the dashboard, found by its heading. */
const kpi = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

// No service worker: its "ready to work offline" toast would come at any moment of these long
// flows, and one fading in while axe measures reads half transparent.
test.use({ serviceWorkers: 'block' })

test('credit a paid invoice in part, record the refund, and the dashboard counts both', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, uniqueEmail('credits'))

  await addCustomer(page, 'Credit Customer Ltd')

  // An invoice of 2 × €50.00 + 20 % = €120.00, sent and paid in full.
  await newInvoice(page, { description: 'Workshop day', qty: '2', price: '50', tax: '20' })
  await page.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(await recordPayment(page, '120')).toBeHidden()
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
  const invoiceUrl = page.url()

  // Credit this invoice: the lines are copied; one day of the two is credited.
  await page.getByRole('link', { name: 'Credit this invoice' }).click()
  await expect(
    page.getByRole('heading', { name: 'Credit invoice INV-00001', level: 1 }),
  ).toBeVisible()
  await expect(page.getByLabel('Line 1 description')).toHaveValue('Workshop day')
  await expect(page.getByText('Credit note total: €120.00 (at most €120.00)')).toBeVisible()
  // More than the invoice is refused before it is sent.
  await page.getByLabel('Line 1 quantity').fill('3')
  await expect(page.getByText('Credit note total: €180.00 (at most €120.00)')).toBeVisible()
  await page.getByRole('button', { name: 'Issue credit note' }).click()
  await expect(
    page.getByText('The credit note can’t be more than €120.00. Lower the lines.'),
  ).toBeVisible()
  expect(await axe(page), 'credit form').toEqual([])
  await page.getByLabel('Line 1 quantity').fill('1')
  await expect(page.getByText('Credit note total: €60.00 (at most €120.00)')).toBeVisible()
  await page.getByLabel('Reason').fill('One workshop day cancelled')
  await page.getByRole('button', { name: 'Issue credit note' }).click()

  // The credit note: its own number, linked to its invoice, printed like an invoice.
  await expect(page.getByRole('heading', { name: 'Credit note CN-00001', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'INV-00001' })).toBeVisible()
  const sheet = page.getByRole('article', { name: 'Credit note CN-00001' })
  await expect(sheet.getByText('Total credited')).toBeVisible()
  await expect(sheet.getByText('One workshop day cancelled')).toBeVisible()

  // The invoice stays paid and holds the credit.
  await page.getByRole('link', { name: 'INV-00001' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'CN-00001' })).toBeVisible()
  // The owner's figures: credited and the credit left.
  const panel = page.getByRole('heading', { name: 'Payments', level: 2 }).locator('..')
  await expect(panel.getByRole('term').filter({ hasText: 'Credited' })).toBeVisible()
  await expect(panel.getByRole('term').filter({ hasText: 'Credit left' })).toBeVisible()
  await expect(panel.getByRole('definition').filter({ hasText: '€60.00' })).toHaveCount(2)
  // The printed copy says what the credit note took off, after the payment.
  const printed = page.getByRole('article', { name: 'Invoice INV-00001' })
  await expect(printed.getByRole('term').filter({ hasText: 'Credited' })).toBeVisible()
  // …and, while the credit is not given back, that it is owed to the customer: the column adds up
  // (€120.00 − €120.00 − €60.00 = −€60.00).
  await expect(printed.getByRole('term').filter({ hasText: 'Credit in your favour' })).toBeVisible()
  await expect(printed.getByRole('definition').filter({ hasText: '−€60.00' })).toHaveCount(2)

  // Record the refund: never more than the credit left.
  await page.getByRole('link', { name: 'CN-00001' }).click()
  await expect(page.getByRole('heading', { name: /CN-00001/, level: 1 })).toBeVisible()
  expect(await dialogWidthProblems(page, 'page.recordRefund', 'refund.title')).toEqual([])
  await page.getByRole('button', { name: 'Record refund' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record a refund' })
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('60.00')
  expect(await axe(page), 'refund dialog').toEqual([])
  await dialog.getByLabel(/^Amount/).fill('61')
  await dialog.getByRole('button', { name: 'Record refund' }).click()
  await expect(
    dialog.getByText('The refund can’t be more than the credit left (€60.00).'),
  ).toBeVisible()
  await dialog.getByLabel(/^Amount/).fill('60')
  await dialog.getByLabel('Method').selectOption('bank_transfer')
  await dialog.getByLabel('Reference').fill('RF-1')
  await dialog.getByRole('button', { name: 'Record refund' }).click()
  await expect(dialog).toBeHidden()
  const refunds = page.getByRole('list', { name: 'Refunds' })
  await expect(refunds.getByText('€60.00')).toBeVisible()
  await expect(refunds.getByText('RF-1')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Record refund' })).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  // The refund's toast is on screen before axe measures (one arriving meanwhile reads half faded).
  await expect(page.getByText('Refund recorded')).toBeVisible()
  expect(await axe(page), 'credit note page').toEqual([])
  const creditNoteUrl = page.url()

  // The invoice's printed copy adds up after the refund: paid, credited, refunded, nothing due.
  await page.getByRole('link', { name: 'INV-00001' }).click()
  const settledCopy = page.getByRole('article', { name: 'Invoice INV-00001' })
  await expect(
    settledCopy.getByRole('term').filter({ hasText: 'Credit refunded or used' }),
  ).toBeVisible()
  await expect(settledCopy.getByRole('definition').filter({ hasText: '+€60.00' })).toBeVisible()
  await expect(settledCopy.getByRole('term').filter({ hasText: 'Balance due' })).toBeVisible()
  await expect(
    settledCopy.getByRole('term').filter({ hasText: 'Credit in your favour' }),
  ).toHaveCount(0)
  await page.goto(creditNoteUrl)

  // The list has it, under its tabs.
  await page.getByRole('link', { name: 'Credit notes' }).first().click()
  await expect(page.getByRole('heading', { name: 'Credit notes', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'CN-00001' })).toBeVisible()
  await page.getByRole('link', { name: /^Refunded/ }).click()
  await expect(page).toHaveURL(/\/credit-notes\?status=refunded$/)
  await expect(page.getByRole('link', { name: 'CN-00001' })).toBeVisible()
  expect(await axe(page), 'credit notes list').toEqual([])
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const rows = readFileSync(await (await download).path(), 'utf8')
    .slice(1)
    .trim()
    .split('\r\n')
  expect(rows).toHaveLength(2)
  expect(rows[0]).toBe('Number,Date,Customer,Invoice,Reason,Currency,Net,Tax,Total,Refunded')
  expect(rows[1]).toMatch(
    /^CN-00001,\d{4}-\d{2}-\d{2},Credit Customer Ltd,INV-00001,One workshop day cancelled,EUR,50.00,10.00,60.00,60.00$/,
  )

  // The dashboard: €120 invoiced less €60 credited, €120 collected less €60 refunded.
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(kpi(page, 'Invoiced')).toContainText('€60.00')
  await expect(kpi(page, 'Invoiced')).toContainText('Net of credit notes')
  await expect(kpi(page, 'Collected')).toContainText('€60.00')
  await expect(kpi(page, 'Collected')).toContainText('Less refunds')
  await expect(kpi(page, 'Outstanding')).toContainText('€0.00')

  // The invoice can be credited for what is left, no more.
  await page.goto(invoiceUrl)
  await page.getByRole('link', { name: 'Credit this invoice' }).click()
  await expect(page.getByText('Credit note total: €120.00 (at most €60.00)')).toBeVisible()

  // The credit note's own screens, and the credited invoice (its sheet's Credited row), fit every
  // width, left to right and in Arabic (right to left).
  const problems: string[] = []
  for (const lang of ['en', 'ar']) {
    await context.addCookies([{ name: 'folio_lang', value: lang, url: new URL(page.url()).origin }])
    for (const path of [creditNoteUrl, `${creditNoteUrl}/print`, invoiceUrl]) {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
      await expect(page.getByRole('heading').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      for (const width of [320, 390, 768, 1920]) {
        await page.setViewportSize({ width, height: 900 })
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
        for (const p of await layoutProblems(page))
          problems.push(`${lang} ${path} at ${width} px: ${p}`)
      }
    }
  }
  expect(problems).toEqual([])
})

test('kept credit pays the next invoice of the same customer', async ({ page }) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, uniqueEmail('applycredit'))

  const customerUrl = await addCustomer(page, 'Kept Credit GmbH')

  // €120.00 invoiced and paid, then €60.00 of it credited: the customer keeps €60.00.
  await newInvoice(page, { description: 'Workshop day', qty: '2', price: '50', tax: '20' })
  await page.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(await recordPayment(page, '120')).toBeHidden()
  const paidUrl = page.url()
  await page.getByRole('link', { name: 'Credit this invoice' }).click()
  await page.getByLabel('Line 1 quantity').fill('1')
  await page.getByRole('button', { name: 'Issue credit note' }).click()
  await expect(page.getByRole('heading', { name: 'Credit note CN-00001', level: 1 })).toBeVisible()
  await page.goto(customerUrl)
  await expect(page.getByText(/Credit kept/)).toContainText('€60.00')

  // A new invoice of €100.00, sent: the kept credit is offered, at most the credit left.
  await newInvoice(page, { description: 'Hosting', qty: '1', price: '100', tax: '0' }, 'INV-00002')
  await page.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(page.getByRole('button', { name: 'Apply credit' })).toBeVisible()
  expect(await dialogWidthProblems(page, 'apply.action', 'apply.title')).toEqual([])
  await page.getByRole('button', { name: 'Apply credit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Apply kept credit' })
  await expect(dialog.getByLabel('Credit from')).toContainText('CN-00001')
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('60.00')
  expect(await axe(page), 'apply credit dialog').toEqual([])
  await dialog.getByLabel(/^Amount/).fill('61')
  await dialog.getByRole('button', { name: 'Apply credit' }).click()
  await expect(
    dialog.getByText(/can’t be more than the credit left or the balance due/),
  ).toBeVisible()
  await dialog.getByLabel(/^Amount/).fill('60')
  await dialog.getByRole('button', { name: 'Apply credit' }).click()
  await expect(dialog).toBeHidden()

  // The new invoice: €60.00 paid by credit, €40.00 still due; no credit left to offer.
  const history = page.getByRole('list', { name: 'Payment history' })
  await expect(history.getByText('Credit applied')).toBeVisible()
  // The balance due on the sheet and in the payments card.
  await expect(page.getByRole('definition').filter({ hasText: '€40.00' })).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Apply credit' })).toHaveCount(0)

  // The credited invoice holds no credit any more, and the customer keeps none.
  await page.goto(paidUrl)
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: 'Credit left' })).toHaveCount(0)
  await page.goto(customerUrl)
  await expect(page.getByRole('heading', { name: 'Kept Credit GmbH', level: 1 })).toBeVisible()
  await expect(page.getByText(/Credit kept/)).toHaveCount(0)
})

// Issue 32, received e-invoices as a user meets them: an XRechnung file dropped on the import
// screen is shown readably and checked, becomes a prefilled expense (vendor, total, VAT per rate)
// whose original file downloads byte for byte; a file that is no e-invoice is refused in a
// sentence and makes nothing.
import { readFileSync } from 'node:fs'
import { api, signedInId } from '../support/api'
import { axeViolations } from '../support/axe'
import { expect, signUpVerified, test, uniqueEmail } from '../support/fixtures'

const sample = (name: string) =>
  readFileSync(new URL(`../../server/internal/inbound/testdata/${name}`, import.meta.url))

interface ExpenseRow {
  id: string
  vendor: string
  vendor_name: string
  total_cents: number
  source_format: string
}

test('an XRechnung file becomes a prefilled expense, a file that is none makes nothing', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUpVerified(page, uniqueEmail('inbound'))
  const business = await signedInId(page)

  // The expenses list leads to the import.
  await page.goto('/expenses')
  await page.getByRole('link', { name: 'Import e-invoice' }).first().click()
  await expect(page).toHaveURL(/\/expenses\/import$/)
  await expect(page.getByRole('heading', { name: 'Import an e-invoice', level: 1 })).toBeVisible()

  const xml = sample('xrechnung-ubl.xml')
  await page
    .getByLabel('E-invoice file (XML or PDF)')
    .setInputFiles({ name: 'RE-2026-0815.xml', mimeType: 'application/xml', buffer: xml })

  // The invoice as a person reads it, checked.
  const view = page.getByTestId('inbound-view')
  await expect(view.getByRole('heading', { name: 'Invoice RE-2026-0815' })).toBeVisible()
  await expect(page.getByText('The figures add up and nothing required is missing.')).toBeVisible()
  await expect(view.getByText('Bürobedarf Schulz GmbH', { exact: true }).first()).toBeVisible()
  await expect(view.getByText('XRechnung', { exact: true })).toBeVisible()
  await expect(view.getByRole('cell', { name: 'Kopierpapier A4' })).toBeVisible()
  await expect(page.getByTestId('inbound-vat').getByRole('row')).toHaveCount(3)
  await expect(page.getByTestId('inbound-totals')).toContainText('€244.99')
  await expect(view.getByText('DE02120300000000202051')).toBeVisible()
  expect(await axeViolations(page, { include: 'main' })).toEqual([])

  // Create expense opens it, prefilled.
  await page.getByRole('button', { name: 'Create expense' }).click()
  await expect(page).toHaveURL(/\/expenses\/[a-z0-9]{15}$/)
  await expect(
    page.getByRole('heading', { name: 'Bürobedarf Schulz GmbH', level: 1 }),
  ).toBeVisible()
  await expect(page.getByRole('cell', { name: '19 %' })).toBeVisible()
  await expect(page.getByRole('cell', { name: '7 %' })).toBeVisible()
  await expect(page.getByRole('cell', { name: '€202.30' })).toBeVisible()
  await expect(page.getByRole('cell', { name: '€42.69' })).toBeVisible()
  await expect(page.getByRole('cell', { name: '€244.99' })).toBeVisible()
  await expect(page.getByText('RE-2026-0815', { exact: true })).toBeVisible()

  // The original downloads exactly as it was sent.
  const link = page.getByRole('link', { name: /Open the received e-invoice/ })
  await expect(link).toBeVisible()
  const href = await link.getAttribute('href')
  const download = await page.request.get(href ?? '')
  expect(download.status()).toBe(200)
  expect(Buffer.from(await download.body()).equals(xml)).toBe(true)

  const list = await api<{ items: ExpenseRow[] }>(
    page,
    'GET',
    `/api/collections/expenses/records?filter=${encodeURIComponent(`business="${business}"`)}`,
  )
  expect(list.items).toHaveLength(1)
  expect(list.items[0]).toMatchObject({
    vendor_name: 'Bürobedarf Schulz GmbH',
    total_cents: 24499,
    source_format: 'ubl',
  })
  expect(list.items[0]?.vendor).toMatch(/^[a-z0-9]{15}$/)

  // A file that is no e-invoice: the sentence, and nothing made.
  await page.goto('/expenses/import')
  await page.getByLabel('E-invoice file (XML or PDF)').setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: sample('no-invoice.pdf'),
  })
  await expect(page.getByText(/This PDF has no e-invoice inside/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create expense' })).toHaveCount(0)
  await page
    .getByLabel('E-invoice file (XML or PDF)')
    .setInputFiles({ name: 'notes.xml', mimeType: 'text/plain', buffer: sample('not-xml.xml') })
  await expect(
    page.getByText("This file is neither XML nor PDF, so it can't be read as an e-invoice."),
  ).toBeVisible()
  const after = await api<{ items: ExpenseRow[] }>(
    page,
    'GET',
    `/api/collections/expenses/records?filter=${encodeURIComponent(`business="${business}"`)}`,
  )
  expect(after.items).toHaveLength(1)
})

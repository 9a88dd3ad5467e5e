import { expect, signUpVerified, test, uniqueEmail } from '../support/fixtures'
import { axeViolations } from '../support/axe'
import { layoutProblems } from '../support/layout'

/**
 * A Zoho Invoice contacts export of 50 customers, as Zoho writes it (comma-separated, its own
 * headers); row 14 (the 13th customer) has an email address that is not one.
 */
function zohoContacts(): Buffer {
  const header =
    'Display Name,Company Name,First Name,Last Name,EmailID,Phone,Currency Code,Payment Terms,Billing Address,Billing City,Billing Country,Billing Code'
  const lines = [header]
  for (let i = 1; i <= 50; i++) {
    const email = i === 13 ? 'shop13-at-example.test' : `shop${i}@example.test`
    lines.push(
      `Shop ${i} Ltd,Shop ${i} Ltd,Sam,Smith ${i},${email},+44 20 7946 ${String(i).padStart(4, '0')},EUR,30,"${i} High Street",London,United Kingdom,EC1A ${i}BB`,
    )
  }
  return Buffer.from(lines.join('\r\n') + '\r\n')
}

test('a 50-row Zoho export: the bad row is named in a sentence, corrected in the preview, and all 50 are customers', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpVerified(page, uniqueEmail('import'))

  // Settings lead to the import.
  await page.goto('/settings')
  await page
    .getByRole('link', { name: /^Import/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/settings\/import$/)

  await page.getByLabel('File (CSV or Excel)').setInputFiles({
    name: 'zoho-contacts.csv',
    mimeType: 'text/csv',
    buffer: zohoContacts(),
  })
  await expect(page.getByText('50 rows: 49 ready, 0 already there, 1 with problems.')).toBeVisible()
  // The columns Folio guessed from Zoho's headers.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('0')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('4')
  await expect(page.getByText('Row 14: the email address is not valid.')).toBeVisible()
  expect(await axeViolations(page, { include: 'main' })).toEqual([])

  // All or nothing refuses while row 14 is wrong; its email corrected in the preview, all go in.
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(
    page.getByText('Some rows have problems, so nothing was imported.', { exact: false }),
  ).toBeVisible()
  await page.getByLabel('Correct row 14: Email').fill('shop13@example.test')
  await page.getByRole('button', { name: 'Check the corrections' }).click()
  await expect(page.getByText('50 rows: 50 ready, 0 already there, 0 with problems.')).toBeVisible()
  await expect(page.getByText('No row has a problem.')).toBeVisible()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('50 created, 0 updated, 0 skipped, 0 with problems.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Undo this import' })).toBeVisible()

  await page.getByRole('link', { name: 'See the customers' }).click()
  await expect(page).toHaveURL(/\/customers/)
  await expect(page.getByText('Shop 1 Ltd', { exact: true }).first()).toBeVisible()
})

test('the checked file fits every width in Arabic, right to left', async ({ page, context }) => {
  test.setTimeout(120_000)
  await signUpVerified(page, uniqueEmail('import-ar'))
  await context.addCookies([{ name: 'folio_lang', value: 'ar', url: new URL(page.url()).origin }])
  await page.goto('/settings/import')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.getByLabel('الملف (CSV أو Excel)').setInputFiles({
    name: 'zoho-contacts.csv',
    mimeType: 'text/csv',
    buffer: zohoContacts(),
  })
  await expect(page.getByText('الصف 14: عنوان البريد الإلكتروني غير صالح.')).toBeVisible()
  const problems: string[] = []
  for (const width of [320, 390, 768, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
    for (const p of await layoutProblems(page)) problems.push(`${width} px: ${p}`)
  }
  expect(problems).toEqual([])
  expect(await axeViolations(page, { include: 'main' })).toEqual([])
})

test('items from a lexoffice article export: the price in the business currency, then in /items', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpVerified(page, uniqueEmail('import-items'))
  await page.goto('/settings/import')
  await page.getByLabel('What to import').selectOption('items')
  await page.getByLabel('File (CSV or Excel)').setInputFiles({
    name: 'artikel.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Artikelnummer;Bezeichnung;Beschreibung;Einheit;Nettopreis;Steuersatz\r\n' +
        'A-1;Beratungsstunde;Stunde;h;95,00;19\r\n' +
        'A-2;Workshoptag;Tag;d;1.200,00;19 %\r\n',
    ),
  })
  await expect(page.getByText('2 rows: 2 ready, 0 already there, 0 with problems.')).toBeVisible()
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('4')
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('2 created, 0 updated, 0 skipped, 0 with problems.')).toBeVisible()
  await page.getByRole('link', { name: 'See the items' }).click()
  await expect(page).toHaveURL(/\/items/)
  await expect(page.getByText('Workshoptag', { exact: true }).first()).toBeVisible()
})

test('an open invoice from a Zoho export keeps its own number and shows its balance in /invoices', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpVerified(page, uniqueEmail('import-invoices'))
  await page.goto('/settings/import')
  // The customer first, then the invoice open at the cut-over.
  await page.getByLabel('File (CSV or Excel)').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Display Name,EmailID,Currency Code\r\nHarbour Cafe,cafe@example.test,EUR\r\n',
    ),
  })
  await expect(page.getByText('1 row: 1 ready, 0 already there, 0 with problems.')).toBeVisible()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('1 created, 0 updated, 0 skipped, 0 with problems.')).toBeVisible()
  await page.getByRole('button', { name: 'Import another file' }).click()

  await page.getByLabel('What to import').selectOption('invoices')
  await page.getByLabel('File (CSV or Excel)').setInputFiles({
    name: 'zoho-invoices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Invoice Number,Customer Name,Invoice Date,Due Date,Currency Code,Total,Payment Made\r\n' +
        'ZI-2025-0417,Harbour Cafe,2025-10-01,2025-10-31,EUR,500.00,120.00\r\n' +
        'ZI-2025-0418,Nobody Ltd,2025-10-02,2025-11-01,EUR,80.00,\r\n',
    ),
  })
  await expect(page.getByText('2 rows: 1 ready, 0 already there, 1 with problems.')).toBeVisible()
  await expect(
    page.getByText(
      'Row 3: there is no customer named Nobody Ltd. Import or add the customer first.',
    ),
  ).toBeVisible()
  await page.getByLabel('Skip row 3').check()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('1 created, 0 updated, 1 skipped, 0 with problems.')).toBeVisible()
  await page.getByRole('link', { name: 'See the invoices' }).click()
  await expect(page).toHaveURL(/\/invoices/)
  await expect(page.getByText('ZI-2025-0417').first()).toBeVisible()
  await expect(page.getByText(/380[.,]00/).first()).toBeVisible()
})

test('vendors from a lexoffice supplier export: a wrong IBAN is named, the others are in /vendors', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpVerified(page, uniqueEmail('import-vendors'))
  await page.goto('/settings/import')
  await page.getByLabel('What to import').selectOption('vendors')
  await page.getByLabel('File (CSV or Excel)').setInputFiles({
    name: 'lieferanten.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Lieferantennummer;Firmenname;Straße;PLZ;Ort;Land;USt-IdNr.;IBAN\r\n' +
        '70001;Druckerei Neu;Ring 1;10115;Berlin;Deutschland;DE999999999;DE89 3704 0044 0532 0130 00\r\n' +
        '70002;Kaputt KG;;;;DE;;DE88370400440532013000\r\n',
    ),
  })
  await expect(page.getByText('2 rows: 1 ready, 0 already there, 1 with problems.')).toBeVisible()
  await expect(page.getByText("Row 3: the IBAN's check digits are wrong.")).toBeVisible()
  await page.getByLabel('Skip row 3').check()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('1 created, 0 updated, 1 skipped, 0 with problems.')).toBeVisible()
  await page.getByRole('link', { name: 'See the vendors' }).click()
  await expect(page).toHaveURL(/\/vendors/)
  await expect(page.getByText('Druckerei Neu', { exact: true }).first()).toBeVisible()
})

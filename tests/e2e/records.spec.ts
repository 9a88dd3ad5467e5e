// Issue 11, the polish a paying user notices on the record screens, as a user meets it.
import { expect, signUp, test, uniqueEmail } from '../support/fixtures'
import { fillLine, recordPayment } from '../support/billing'

test('records: rows open, balances, one place for the tools, the void reason, PAID, nothing owed, Archive', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, uniqueEmail('records'))

  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Bäckerei Records')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Bäckerei Records', level: 1 })).toBeVisible()
  // Nothing owed yet: a sentence, not five empty bars.
  await expect(
    page.getByText('Bäckerei Records owes you nothing: there are no open invoices.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible()

  // A new line takes the focus, so typing goes on in it.
  await page.getByRole('link', { name: 'New invoice' }).click()
  await fillLine(page, 1, { description: 'Sourdough course', qty: '1', price: '100', tax: '19' })
  await page.getByRole('button', { name: 'Add line' }).click()
  await expect(page.getByLabel('Line 2 description')).toBeFocused()
  await page.getByRole('button', { name: 'Remove line 2' }).click()
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()

  // Print, Download PDF and More keep their place when the state's own actions change.
  const print = page.getByRole('link', { name: 'Print' })
  const before = await print.boundingBox()
  await page.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(page.getByRole('button', { name: 'Record payment' })).toBeVisible()
  const after = await print.boundingBox()
  expect(after?.x).toBeCloseTo(before?.x ?? -1, 0)
  expect(after?.y).toBeCloseTo(before?.y ?? -1, 0)

  // The void reason's message is at its field, once.
  await page.getByRole('button', { name: 'More actions' }).click()
  await page.getByRole('menuitem', { name: 'Void' }).click()
  const voiding = page.getByRole('dialog', { name: /^Void INV-/ })
  await voiding.getByRole('button', { name: 'Void invoice' }).click()
  const reason = voiding.getByLabel('Reason')
  await expect(reason).toHaveAttribute('aria-invalid', 'true')
  await expect(reason).toHaveAccessibleDescription('Give a reason to void the invoice.')
  await expect(reason).toBeFocused()
  await expect(page.getByText('Give a reason to void the invoice.')).toHaveCount(1)
  await expect(voiding.getByRole('alert')).toHaveCount(0)
  await voiding.getByRole('button', { name: 'Cancel' }).click()
  const invoiceUrl = page.url()

  // The customers list says what each customer owes; a click anywhere on the row opens it.
  await page.goto('/customers')
  const row = page.getByRole('row', { name: /Bäckerei Records/ })
  await expect(row.getByRole('cell', { name: '€119.00' })).toBeVisible()
  await row.getByRole('cell', { name: 'EUR', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Bäckerei Records', level: 1 })).toBeVisible()
  // A customer with documents can't be deleted: Archive is what is offered.
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)

  // The row's link is a stop for the keyboard; Enter opens the record.
  await page.goto('/customers')
  await page.getByRole('link', { name: 'Bäckerei Records' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Bäckerei Records', level: 1 })).toBeVisible()

  // Paid: the sheet says PAID, not "Amount due €0.00".
  await page.goto(invoiceUrl)
  await expect(await recordPayment(page, '119')).toBeHidden()
  const sheet = page.getByRole('article', { name: /^Invoice INV-/ })
  await expect(sheet.getByText('PAID', { exact: true })).toBeVisible()
  await expect(sheet.getByText('Amount due')).toHaveCount(0)
  await page.goto('/customers')
  await expect(
    page.getByRole('row', { name: /Bäckerei Records/ }).getByRole('cell', { name: '€0.00' }),
  ).toBeVisible()
})

test('settings: styled file inputs, and the profile’s Company told apart from the business name', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('files'))
  await page.goto('/settings/account')
  const company = page.getByLabel('Company', { exact: true })
  await expect(company).toHaveAccessibleDescription(
    /Your documents print the Business name \(Settings → Business\)/,
  )
  await page.goto('/settings/business')
  await expect(page.getByLabel('Business name')).toHaveAccessibleDescription(
    /While it is empty, the Company of your profile is used/,
  )

  const logo = page.getByLabel('Logo')
  await expect(logo).toHaveAccessibleDescription(/^No file chosen/)
  // The chooser is a button-like label beside the file's name, reached with the keyboard.
  await expect(page.getByText('Choose a file…')).toHaveCount(1)
  await logo.focus()
  await expect(logo).toBeFocused()
  await logo.setInputFiles({
    name: 'bakery-logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  })
  await expect(page.getByText('bakery-logo.png')).toBeVisible()
  await expect(logo).toHaveAccessibleDescription(/^bakery-logo\.png/)
})

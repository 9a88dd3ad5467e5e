import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { harness } from '../support/env'
import { expect, signIn, test, uniqueEmail, waitForMail, signUpVerified } from '../support/fixtures'
import { fillLine, recordPayment, sendFromDialog } from '../support/billing'
import { download, validate } from '../support/downloads'

test('a German business turns e-invoicing on, sends valid Factur-X, XRechnung and Peppol, and credits the paid invoice as a valid Peppol CreditNote', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signUpVerified(page, uniqueEmail('einvoice'))

  // Turning e-invoicing on asks for what the standard needs, at the fields that lack it.
  // A need of another settings page (the city, on Business) is said on this one too.
  await page.goto('/settings/business')
  await page.getByLabel('Business name').fill('Nordlicht Design GmbH')
  await page.getByLabel('Business address').fill('Hafenstraße 12')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()
  await page.goto('/settings/e-invoicing')
  await page.getByLabel('Send e-invoices (EN 16931)').check()
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Fill in the city to send e-invoices.')).toBeVisible()
  await expect(page.getByLabel('Send e-invoices (EN 16931)')).toBeChecked()
  await page.goto('/settings/business')
  await page.getByLabel('Business postal code').fill('20457')
  await page.getByLabel('Business city').fill('Hamburg')
  await page.getByLabel('Business country').selectOption('DE')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()
  await page.goto('/settings/bank')
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00')
  await page.getByLabel('BIC').fill('COBADEFFXXX')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()
  await page.goto('/settings/e-invoicing')
  await page.getByLabel('Send e-invoices (EN 16931)').check()
  await page.getByLabel('VAT ID').fill('DE 123 456 788')
  // Peppol refuses email addresses: the VAT ID under the German VAT scheme.
  await page.getByLabel('Your electronic address').fill('DE123456788')
  await page.getByLabel('Your address scheme').selectOption('9930')
  await page.getByLabel('Contact name').fill('Jana Berg')
  await page.getByLabel('Contact phone').fill('+49 40 1234567')
  await page.getByLabel('Contact email').fill('jana@nordlicht.example')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()

  // A German public buyer: its Leitweg-ID is checked where it is typed.
  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Kulturamt Bremen')
  await page.getByLabel('Email').fill('rechnungen@kulturamt.example')
  await page.getByLabel('Street address').fill('Altenwall 15')
  await page.getByLabel('City').fill('Bremen')
  await page.getByLabel('Postal code').fill('28195')
  await page.getByLabel('Country').selectOption('DE')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByLabel('Electronic address').fill('04011000-12345-03')
  await page.getByLabel('Address scheme').selectOption('0204')
  await page.getByLabel('Buyer reference').fill('04011000-12345-04')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByLabel('Buyer reference')).toHaveAccessibleDescription(
    /This Leitweg-ID's check digits don't match\./,
  )
  await page.getByLabel('Buyer reference').fill('04011000-12345-03')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Kulturamt Bremen', level: 1 })).toBeVisible()

  // An invoice, by the hour at 19 %.
  await page.getByRole('link', { name: 'New invoice' }).click()
  await fillLine(page, 1, { description: 'Exhibition design', qty: '16', price: '95', tax: '19' })
  await page.getByLabel('Line 1 unit', { exact: true }).fill('h')
  await expect(page.getByLabel('Line 1 unit code')).toContainText('Auto: HUR')
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  const card = page.getByRole('heading', { name: 'E-invoice' }).locator('..')
  await expect(card).toContainText('Factur-X')

  // Download PDF gives the Factur-X PDF/A-3; the official validator accepts it.
  const pdf = await download(
    page,
    page.getByRole('button', { name: 'Download PDF' }),
    'INV-00001.pdf',
  )
  expect(await validate(pdf)).toEqual({ valid: true, errors: [] })

  // XRechnung (with the Leitweg-ID as buyer reference) and Peppol BIS XML, both valid.
  for (const [button, name] of [
    ['XRechnung XML', 'INV-00001-xrechnung.xml'],
    ['Peppol XML', 'INV-00001-peppol.xml'],
  ] as const) {
    const xml = await download(page, card.getByRole('button', { name: button }), name)
    expect(await validate(xml)).toEqual({ valid: true, errors: [] })
  }

  // Sending mails the Factur-X PDF: the attachment the buyer's system reads is valid too.
  await sendFromDialog(page)
  const mail = await waitForMail('rechnungen@kulturamt.example', /INV-00001/)
  const attached = mail.attachments.find((a) => a.contentType === 'application/pdf')
  expect(attached?.filename).toBe('INV-00001.pdf')
  const file = join(mkdtempSync(join(tmpdir(), 'folio-facturx-')), 'INV-00001.pdf')
  writeFileSync(file, Buffer.from(attached?.base64 ?? '', 'base64'))
  expect(await validate(file)).toEqual({ valid: true, errors: [] })

  // Paid in full (16 × €95.00 + 19 %), then credited: the credit note is an e-invoice too.
  await expect(await recordPayment(page, '1808.80')).toBeHidden()
  await page.getByRole('link', { name: 'Credit this invoice' }).click()
  await page.getByLabel('Reason').fill('Exhibition closed early')
  await page.getByRole('button', { name: 'Issue credit note' }).click()
  await expect(page.getByRole('heading', { name: 'Credit note CN-00001', level: 1 })).toBeVisible()
  const cnCard = page.getByRole('heading', { name: 'E-invoice' }).locator('..')
  await expect(cnCard).toContainText('Factur-X')
  // The payment's and the credit note's notices sit over the card's buttons at the bottom corner
  // until they leave (5 s; a pointer resting on them keeps them): as a person would, wait.
  await page.mouse.move(0, 0)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 })

  // Its Peppol XML is a CreditNote of INV-00001, valid for Mustang and the Peppol Schematron.
  const peppol = await download(
    page,
    cnCard.getByRole('button', { name: 'Peppol XML' }),
    'CN-00001-peppol.xml',
  )
  const xml = readFileSync(peppol, 'utf8')
  expect(xml).toContain(
    '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"',
  )
  expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>')
  expect(xml).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>INV-00001<\/cbc:ID>/)
  expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">1808.80</cbc:PayableAmount>')
  expect(await validate(peppol, { peppol: true })).toEqual({ valid: true, errors: [] })

  // Its XRechnung XML and its Factur-X PDF (Download PDF) are valid as well.
  for (const [button, name] of [
    [cnCard.getByRole('button', { name: 'XRechnung XML' }), 'CN-00001-xrechnung.xml'],
    [page.getByRole('button', { name: 'Download PDF' }), 'CN-00001.pdf'],
  ] as const) {
    expect(await validate(await download(page, button, name))).toEqual({ valid: true, errors: [] })
  }
})

test('the demo business sends valid e-invoices out of the box, to a public buyer and to the EU', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  for (const [customer, formats] of [
    ['Kulturamt Bremen', ['XRechnung XML', 'Peppol XML']],
    ['Dunmore Logistics', ['Peppol XML']],
  ] as const) {
    await page.goto(`/invoices?q=${encodeURIComponent(customer)}&status=outstanding`)
    await page
      .getByRole('link', { name: /^INV-\d+$/ })
      .first()
      .click()
    await expect(page.getByRole('heading', { name: /^Invoice INV-\d+$/, level: 1 })).toBeVisible()
    const card = page.getByRole('heading', { name: 'E-invoice' }).locator('..')
    const pdf = await download(page, page.getByRole('button', { name: 'Download PDF' }))
    expect(await validate(pdf), `${customer}: Factur-X`).toEqual({ valid: true, errors: [] })
    for (const button of formats) {
      const xml = await download(page, card.getByRole('button', { name: button }))
      expect(await validate(xml), `${customer}: ${button}`).toEqual({
        valid: true,
        errors: [],
      })
    }
  }
})

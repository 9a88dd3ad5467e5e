import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { harness } from '../support/env'
import { expect, signIn, test, waitForMail } from '../support/fixtures'
import { readMails } from '../support/smtp-sink'
import { fillLine, recordPayment, sendFromDialog } from '../support/billing'
import { pdfText } from '../support/pdf'
import { download, validate } from '../support/downloads'

test('a quote, a 30 % deposit paid, the final invoice deducting it per rate (sheet, PDF, XRechnung), and a credit note mailed and valid as Peppol', async ({
  page,
}) => {
  test.setTimeout(200_000)
  const h = harness()
  // The demo business sends e-invoices to Kulturamt Bremen out of the box.
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await page.goto('/customers?q=Kulturamt')
  await page.getByRole('link', { name: 'Kulturamt Bremen' }).first().click()
  await expect(page.getByRole('heading', { name: 'Kulturamt Bremen', level: 1 })).toBeVisible()

  // A quote at two rates: 1,000.00 at 19 % and 200.00 at 7 % (total 1,404.00), sent.
  await page.getByRole('link', { name: 'New quote' }).click()
  await fillLine(page, 1, { description: 'Stage build', qty: '1', price: '1000', tax: '19' })
  await page.getByRole('button', { name: 'Add line' }).click()
  await fillLine(page, 2, { description: 'Catalogues', qty: '1', price: '200', tax: '7' })
  await page.getByRole('button', { name: 'Save quote' }).click()
  const quoteHeading = page.getByRole('heading', { name: /^Quote QUO-\d+$/, level: 1 })
  await expect(quoteHeading).toBeVisible()
  const quoteUrl = page.url()
  await sendFromDialog(page)

  // Request a 30 % deposit: 300.00 + 57.00 VAT and 60.00 + 4.20 VAT.
  await page.getByRole('button', { name: 'Request a deposit' }).click()
  const dialog = page.getByRole('dialog', { name: /^Request a deposit/ })
  await dialog.getByLabel('Percentage of the total (%)').fill('30')
  await dialog.getByRole('button', { name: 'Make the deposit invoice' }).click()
  const depositHeading = page.getByRole('heading', { name: /^Deposit invoice INV-\d+$/, level: 2 })
  await expect(depositHeading).toBeVisible()
  const depositNumber = ((await depositHeading.textContent()) ?? '').replace('Deposit invoice ', '')
  await sendFromDialog(page)
  await expect(await recordPayment(page, '421.20')).toBeHidden()

  // The quote becomes the final invoice: the whole work, less the deposit per rate.
  await page.goto(quoteUrl)
  await page.getByRole('button', { name: 'Convert to invoice' }).first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Convert to invoice' }).click()
  const finalHeading = page.getByRole('heading', { name: /^Final invoice INV-\d+$/, level: 2 })
  await expect(finalHeading).toBeVisible({ timeout: 20_000 })
  const deducted = page.getByRole('table', { name: 'Deposits deducted' })
  await expect(
    deducted.getByRole('row', { name: new RegExp(`${depositNumber}.*19%`) }),
  ).toContainText('−€57.00')
  await expect(
    deducted.getByRole('row', { name: new RegExp(`${depositNumber}.*7%`) }),
  ).toContainText('−€4.20')
  // Still charged: 190.00 − 57.00 = 133.00 at 19 %, 14.00 − 4.20 = 9.80 at 7 %.
  await expect(deducted.getByRole('row', { name: /Still charged.*19%/ })).toContainText('€133.00')
  await expect(deducted.getByRole('row', { name: /Still charged.*7%/ })).toContainText('€9.80')
  await expect(page.getByText('Deposits paid')).toBeVisible()

  // Its PDF (Factur-X) says the same, and its XRechnung passes the validator.
  const pdf = await download(page, page.getByRole('button', { name: 'Download PDF' }))
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
  expect(text).toContain('DEPOSITS DEDUCTED')
  expect(text).toContain(depositNumber)
  expect(text).toMatch(/Still charged\s+19%\s+€700\.00\s+€133\.00/)
  expect(text).toMatch(/Deposits paid\s+−€421\.20/)
  expect(text).toMatch(/Balance due\s+€982\.80/)
  const card = page.getByRole('heading', { name: 'E-invoice' }).locator('..')
  const xrechnung = await download(page, card.getByRole('button', { name: 'XRechnung XML' }))
  const xml = readFileSync(xrechnung, 'utf8')
  expect(xml).toContain('<cbc:PrepaidAmount currencyID="EUR">421.20</cbc:PrepaidAmount>')
  expect(xml).toContain(`<cbc:ID>${depositNumber}</cbc:ID>`)
  expect(await validate(xrechnung)).toEqual({ valid: true, errors: [] })

  // The paid deposit is credited; the credit note is mailed with its PDF and is a valid
  // Peppol CreditNote.
  await page.goto('/invoices?q=' + encodeURIComponent(depositNumber))
  await page.getByRole('link', { name: depositNumber }).first().click()
  await expect(depositHeading).toBeVisible()
  await page.getByRole('link', { name: 'Credit this invoice' }).click()
  await page.getByLabel('Reason').fill('Deposit returned')
  await page.getByRole('button', { name: 'Issue credit note' }).click()
  const cnHeading = page.getByRole('heading', { name: /^Credit note CN-\d+$/, level: 1 })
  await expect(cnHeading).toBeVisible()
  const cnNumber = ((await cnHeading.textContent()) ?? '').replace('Credit note ', '')
  const cnUrl = page.url()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: /^Send credit note/ })
  await expect(send.getByLabel('Message')).toHaveValue(
    new RegExp(`correcting invoice \\{invoice\\}`),
  )
  const to = await send.getByLabel('To').inputValue()
  expect(to).not.toBe('')
  await send.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(send).toBeHidden({ timeout: 20_000 })
  const mail = await waitForMail(to, new RegExp(cnNumber))
  expect(mail.text).toContain(`correcting invoice ${depositNumber}`)
  expect(pdfText(mail)).toContain(`Credit note ${cnNumber}`)
  const issuedCopy = mail.attachments.find((a) => a.contentType === 'application/pdf')?.base64

  await page.mouse.move(0, 0)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 })
  const cnCard = page.getByRole('heading', { name: 'E-invoice' }).locator('..')
  const peppol = await download(page, cnCard.getByRole('button', { name: 'Peppol XML' }))
  expect(readFileSync(peppol, 'utf8')).toContain(
    '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>',
  )
  expect(await validate(peppol, { peppol: true })).toEqual({ valid: true, errors: [] })

  // The deposit invoice's activity says its credit note was sent, and to whom.
  await page.goto('/invoices?q=' + encodeURIComponent(depositNumber))
  await page.getByRole('link', { name: depositNumber }).first().click()
  await expect(depositHeading).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Activity' }).getByText(`Credit note ${cnNumber} sent to ${to}`),
  ).toBeVisible()

  // The mailed PDF is kept as the credit note's issued copy: sent again, the mail carries that
  // same file, and the accountant's zip of the quarter holds it instead of naming it as missing.
  await page.goto(cnUrl)
  await expect(cnHeading).toBeVisible()
  const mailsOf = () =>
    readMails(h.mailFile).filter((m) => m.to.includes(to) && m.subject.includes(cnNumber))
  const sentBefore = mailsOf().length
  await page.getByRole('button', { name: 'Send again', exact: true }).click()
  const again = page.getByRole('dialog', { name: /^Send credit note/ })
  await again.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(again).toBeHidden({ timeout: 20_000 })
  await expect.poll(() => mailsOf().length).toBe(sentBefore + 1)
  const resent = mailsOf()
    .at(-1)!
    .attachments.find((a) => a.contentType === 'application/pdf')
  expect(resent?.filename).toBe(`${cnNumber}.pdf`)
  expect(resent?.base64).toBe(issuedCopy)

  await page.goto(`/reports?period=quarter&date=${new Date().toISOString().slice(0, 10)}`)
  const zip = await download(
    page,
    page.getByRole('button', { name: 'Download everything for the accountant (zip)' }),
  )
  const kept = execFileSync('unzip', ['-p', zip, `credit-notes/${cnNumber}.pdf`])
  expect(kept.toString('base64')).toBe(issuedCopy)
  const readme = execFileSync('unzip', ['-p', zip, 'README.txt'], { encoding: 'utf8' })
  expect(readme).not.toContain(`- ${cnNumber} (`)
})

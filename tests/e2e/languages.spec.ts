import { pdfText } from '../support/pdf'
import { harness } from '../support/env'
import {
  expect,
  persistentBrowser,
  signIn,
  signUp,
  test,
  uniqueEmail,
  waitForMail,
  waitForServiceWorker,
  signUpVerified,
} from '../support/fixtures'
import { fillLine } from '../support/billing'

test('the interface in German: dashboard, a list and the editor, with German numbers', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  await page.goto('/settings/display')
  // The messages load, then the choice shows as made.
  await page.getByRole('radio', { name: 'Deutsch' }).click()
  await expect(page.getByRole('radio', { name: 'Deutsch' })).toBeChecked()
  // The switch happens in place: no reload, and the sidebar already speaks German.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await page.getByRole('link', { name: 'Übersicht' }).first().click()
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Kennzahlen' })).toBeVisible()
  // Money in German: "1.234,56 €".
  await expect(page.getByText(/^-?\d{1,3}(\.\d{3})*,\d{2}\s€$/).first()).toBeVisible()

  await page.getByRole('link', { name: 'Rechnungen' }).first().click()
  await expect(page.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeVisible()
  await expect(page.getByRole('cell', { name: /\d,\d{2}\s€$/ }).first()).toBeVisible()

  await page.getByRole('link', { name: 'Neue Rechnung' }).first().click()
  await expect(page.getByRole('heading', { name: 'Neue Rechnung', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Position hinzufügen' })).toBeVisible()
  await page.getByRole('button', { name: 'Rechnung speichern' }).click()
  await expect(page.getByText('Wählen Sie einen Kunden').first()).toBeVisible()
  await expect(page.getByText('Beschreiben Sie die Position').first()).toBeVisible()

  // The choice is kept: a reload comes back in German before any script runs.
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { name: 'Neue Rechnung', level: 1 })).toBeVisible()
})

test('the browser’s language is the default, and Arabic reads right to left', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'ar-EG' })
  const page = await context.newPage()
  await page.goto('/sign-in')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول', level: 1 })).toBeVisible()
  await context.close()

  const german = await browser.newContext({ locale: 'de-AT' })
  const p2 = await german.newPage()
  await p2.goto('/sign-in')
  await expect(p2.locator('html')).toHaveAttribute('lang', 'de')
  await expect(p2.locator('html')).toHaveAttribute('dir', 'ltr')
  await german.close()
})

test('a French customer gets a French mail and PDF from an owner who works in English', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const customerEmail = uniqueEmail('lefevre')
  await signUpVerified(page, uniqueEmail('owner-en'))
  await page.goto('/settings/business')
  await page.getByLabel('Business name').fill('Harbour Lights Ltd')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()

  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Maison Lefèvre')
  await page.getByLabel('Email').fill(customerEmail)
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByLabel('Document language').selectOption({ label: 'Français' })
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Maison Lefèvre', level: 1 })).toBeVisible()

  await page.getByRole('link', { name: 'New invoice' }).click()
  await fillLine(page, 1, {
    description: 'Éclairage du hall',
    qty: '2',
    price: '1250.50',
    tax: '20',
  })
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  // The owner's screen stays English; the document on it speaks French.
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expect(page.getByText('Facture', { exact: false }).first()).toBeVisible()

  // The send dialog starts from the French default; the owner reads what will go out.
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Send invoice INV-00001' })
  await expect(dialog.getByLabel('Subject')).toHaveValue('{kind} {number} de {business}')
  await expect(dialog.getByLabel('Message')).toHaveValue(/^Bonjour \{customer\},/)
  const preview = dialog.getByRole('region', { name: 'Preview' })
  await expect(preview).toContainText('Facture INV-00001 de Harbour Lights Ltd')
  await expect(preview).toContainText('Bonjour Maison Lefèvre,')
  // The preview's {amount} and {due_date}, written as the sheet writes them: the mail says the same.
  const previewed = /d’un montant de (.+?), échéance le (.+?)\./.exec(
    (await preview.textContent()) ?? '',
  )
  expect(previewed?.[1]).toMatch(/^3\u202f001,20\u00a0€$/)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog).toBeHidden({ timeout: 20_000 })

  const mail = await waitForMail(customerEmail, /INV-00001/)
  expect(mail.subject).toBe('Facture INV-00001 de Harbour Lights Ltd')
  expect(mail.text).toContain('Bonjour Maison Lefèvre,')
  expect(mail.text).toContain('Solde dû')
  expect(mail.text).toContain(`d’un montant de ${previewed?.[1]}, échéance le ${previewed?.[2]}.`)
  expect(mail.text).toContain(`Solde dû: ${previewed?.[1]}`)
  expect(mail.text).not.toMatch(/EUR|\d{4}-\d{2}-\d{2}/)
  // The HTML part: French, the business's name on top, a button to the link.
  expect(mail.html).toContain('<html lang="fr">')
  expect(mail.html).toContain('Harbour Lights Ltd</div>')
  expect(mail.html).toMatch(
    /<a href="[^"]+\/d\/[\w-]{43}" style="display: inline-block[^"]*">Voir la facture en ligne<\/a>/,
  )
  const pdf = pdfText(mail)
  for (const text of ['Facture INV-00001', 'Maison Lefèvre', 'Éclairage du hall', 'Sous-total'])
    expect(pdf).toContain(text)
  expect(pdf).toMatch(/3\s001,20\s€/)
  expect(pdf).not.toContain('Subtotal')
})

test('every language is on the device: switching works offline', async () => {
  test.setTimeout(90_000)
  const { context, close } = await persistentBrowser()
  try {
    const page = await context.newPage()
    await signUp(page, uniqueEmail('offline-lang'))
    await waitForServiceWorker(page)
    await page.goto('/settings/display')
    await expect(page.getByRole('radio', { name: 'Français' })).toBeVisible()

    await context.setOffline(true)
    await page.getByRole('radio', { name: 'Français' }).click()
    await expect(page.getByRole('radio', { name: 'Français' })).toBeChecked()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('link', { name: 'Tableau de bord' }).first()).toBeVisible()
    await page.getByRole('radio', { name: 'العربية' }).click()
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.getByRole('link', { name: 'لوحة التحكم' }).first()).toBeVisible()
  } finally {
    await context.setOffline(false)
    await close()
  }
})

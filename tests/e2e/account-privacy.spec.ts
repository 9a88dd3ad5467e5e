import type { Locator, Page } from '@playwright/test'
import { expect, linkIn, signUp, test, uniqueEmail, waitForMail } from '../support/fixtures'
import { fillLine } from '../support/billing'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

test('sign-up with a taken address tells nothing but to check the mail; the owner is told', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('owner')
  await signUp(page, email)

  const context = await browser.newContext()
  const other = await context.newPage()
  await other.goto('/sign-up')
  await other.getByLabel('Email').fill(email)
  await other.getByLabel('Password', { exact: true }).fill('another-horse-7')
  await other.getByLabel('Confirm password', { exact: true }).fill('another-horse-7')
  await other.getByRole('button', { name: 'Create account' }).click()
  // Said on the form (a toast says it too).
  await expect(
    other
      .getByRole('form', { name: 'Create an account' })
      .getByText(
        'We sent a message about this sign-up to the address you entered. Follow it to continue.',
      ),
  ).toBeVisible()
  await expect(other).toHaveURL(/\/sign-up$/)
  await expect(other.getByText(/unique|already (exists|taken|registered)/i)).toHaveCount(0)
  const notice = await waitForMail(email, /Someone tried to sign up/)
  expect(notice.html).toContain('nothing was created')
  await context.close()

  // The owner's account is untouched: the old password still signs in.
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})

async function newQuoteFor(page: Page, customerEmail: string) {
  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Seaview Hotel')
  await page.getByLabel('Email').fill(customerEmail)
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Seaview Hotel', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'New quote' }).click()
  await fillLine(page, 1, { description: 'Lighting design', qty: '2', price: '90', tax: '19' })
  await page.getByRole('button', { name: 'Save quote' }).click()
  await expect(page.getByRole('heading', { name: 'Quote QUO-00001', level: 1 })).toBeVisible()
}

test('an unverified account is refused sending, verifies from the send dialog, then sends', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const owner = uniqueEmail('unverified')
  const customerEmail = uniqueEmail('seaview')
  await signUp(page, owner)
  await newQuoteFor(page, customerEmail)
  const quoteURL = page.url()

  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Send quote QUO-00001' })
  await expect(
    dialog.getByText(
      'You can send up to 20 emails an hour, and each document up to 3 times an hour.',
    ),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  // The PDF is made on this device first, which takes a while on a busy machine.
  await expect(
    dialog.getByText(
      'Verify your email address before sending: open the link in the verification email we sent you.',
    ),
  ).toBeVisible({ timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Send verification email' }).click()
  await expect(
    dialog.getByText(`We sent a verification email to ${owner}. Open its link, then send again.`),
  ).toBeVisible()

  const mail = await waitForMail(owner, /verif/i)
  await page.goto(linkIn(mail, '/verify-email?token='))
  await expect(page.getByText('Your email address is verified')).toBeVisible()

  await page.goto(quoteURL)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog).toBeHidden({ timeout: 20_000 })
  await waitForMail(customerEmail, /QUO-00001/)
})

/** The image is shown (it loaded), and its URL without the file token is refused. */
async function shownAndProtected(page: Page, img: Locator) {
  await expect(img).toBeVisible()
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0)
  const src = await img.evaluate((i: HTMLImageElement) => i.src)
  const url = new URL(src)
  expect(url.pathname).toMatch(/^\/api\/files\//)
  expect(url.searchParams.get('token')).toBeTruthy()
  expect((await page.request.get(src)).status()).toBe(200)
  url.searchParams.delete('token')
  expect((await page.request.get(url.toString())).status()).not.toBe(200)
}

test('avatar and logo are protected files: shown in the app, refused without a file token', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signUp(page, uniqueEmail('files'))
  await page.goto('/settings/account')
  await page
    .getByLabel('Avatar')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile updated successfully')).toBeVisible()
  await page.reload()
  await shownAndProtected(page, page.getByRole('img', { name: 'Avatar preview' }))
  await page.goto('/settings/business')
  await page.getByLabel('Business name').fill('Protected Files Ltd')
  await page
    .getByLabel('Logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()

  await page.reload()
  await shownAndProtected(page, page.getByRole('img', { name: 'Logo preview' }))

  await page.goto('/profile')
  await shownAndProtected(page, page.locator('main img').first())
})

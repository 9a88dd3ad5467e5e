import type { Page } from '@playwright/test'
import {
  controlServer,
  expect,
  linkIn,
  signIn,
  signUp,
  test,
  totp,
  uniqueEmail,
  waitForMail,
} from '../support/fixtures'
import { harness } from '../support/env'

const PASSWORD = 'correct-horse-9'

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

/** Turns 2FA on from Settings → Account; returns the secret and the backup codes shown. */
async function enableTwoFactor(page: Page) {
  await page.goto('/settings/security')
  await page.getByRole('button', { name: 'Set up 2FA' }).click()
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const codes = await page
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents()
  expect(codes).toHaveLength(10)
  await page.getByLabel('Code from your app').fill(totp(secret))
  await page.getByLabel('Account password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Enable 2FA' }).click()
  await expect(toast(page, '2FA enabled successfully')).toBeVisible()
  await expect(page.getByText('Status: On')).toBeVisible()
  return { secret, codes: codes.map((c) => c.trim()) }
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** A TOTP code for a later time step than any used so far (codes cannot be replayed). */
async function freshCode(secret: string, used: Set<string>) {
  for (;;) {
    const code = totp(secret)
    if (!used.has(code)) {
      used.add(code)
      return code
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
}

test('sign-up lands on the dashboard with its toast', async ({ page }) => {
  const email = uniqueEmail('signup')
  await signUp(page, email, PASSWORD)
  await expect(toast(page, 'Account created successfully!')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  // The name defaults to the part of the email before the @.
  await page.goto('/profile')
  await expect(page.getByText(email.split('@')[0] ?? '', { exact: true }).first()).toBeVisible()
  // One rule for a person's initials: the profile's avatar shows the header's letters ("S").
  const menu = page.getByRole('button', { name: /^Account menu for/ })
  const letters = await menu.locator('span[aria-hidden]').innerText()
  expect(letters).toBe('S')
  await expect(page.getByRole('main').getByText(letters, { exact: true })).toBeVisible()
})

test('sign-up refuses bad input with a message at each field, and keeps what was typed', async ({
  page,
}) => {
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByLabel('Confirm password', { exact: true }).fill('other')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()
  await expect(page.getByText("Passwords don't match")).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email')
  await expect(page).toHaveURL(/\/sign-up$/)
})

test('a wrong password shows the mapped message, the same as an unknown email', async ({
  page,
}) => {
  const h = harness()
  await signIn(page, h.demoEmail, 'wrong-password')
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible()
  await expect(toast(page, 'Failed to login')).toBeVisible()
  // Said once: at the form, not again in the notice.
  await expect(page.getByText('Invalid email or password')).toHaveCount(1)
  await expect(page).toHaveURL(/\/sign-in/)
  await signIn(page, 'nobody-here@example.com', 'wrong-password')
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible()
  // The right password: the failure's notice does not follow onto the dashboard.
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(toast(page, 'Welcome back!')).toBeVisible()
  await expect(toast(page, 'Failed to login')).toHaveCount(0)
})

test('ten wrong passwords lock that account’s password sign-in, whatever address they come from', async ({
  page,
}) => {
  // An address nobody signed up with is limited exactly as an account is: the answers tell
  // nothing about which accounts exist.
  const email = uniqueEmail('guessed')
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post('/api/collections/users/auth-with-password', {
      data: { identity: email, password: `guess-${i}-password` },
    })
    expect(res.status()).toBe(400)
  }
  await signIn(page, email, 'yet-another-guess')
  await expect(
    page.getByRole('alert').filter({ hasText: 'Too many attempts, please try again later.' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/sign-in/)
  // Another account signs in as usual.
  await signIn(page, harness().demoEmail, harness().demoPassword)
  await expect(page).toHaveURL(/\/dashboard/)
})

test('2FA: enable, sign out, sign in with password + TOTP; redirect survives; a backup code works once', async ({
  page,
}) => {
  // Codes cannot be replayed, so the test waits for new 30-second time steps.
  test.setTimeout(180_000)
  const email = uniqueEmail('totp')
  const used = new Set<string>()
  await signUp(page, email, PASSWORD)
  const { secret, codes } = await enableTwoFactor(page)
  used.add(totp(secret))
  await signOut(page)

  // Password, then the code from the app; the redirect target survives the MFA step.
  await signIn(page, email, PASSWORD, '?redirect=%2Fquotes')
  await expect(page).toHaveURL(/\/otp$/)
  await expect(toast(page, 'Please enter your 2FA code')).toBeVisible()
  await page.getByLabel('Authentication code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(toast(page, 'Invalid 2FA code')).toBeVisible()
  await expect(page).toHaveURL(/\/otp$/)
  await page.getByLabel('Authentication code').fill(await freshCode(secret, used))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/quotes$/)
  await expect(page.getByRole('heading', { name: 'Quotes', exact: true })).toBeVisible()
  await signOut(page)

  // A backup code works once.
  const backup = codes[0] ?? ''
  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/otp$/)
  await page.getByRole('button', { name: 'Use a backup code' }).click()
  await page.getByLabel('Backup code').fill(backup)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)
  await signIn(page, email, PASSWORD)
  await page.getByRole('button', { name: 'Use a backup code' }).click()
  await page.getByLabel('Backup code').fill(backup)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(toast(page, 'Invalid 2FA code')).toBeVisible()
  await expect(page).toHaveURL(/\/otp$/)

  // Cancel returns to sign-in, anonymous.
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)

  // And 2FA can be turned off again with a code.
  await signIn(page, email, PASSWORD)
  await page.getByLabel('Authentication code').fill(await freshCode(secret, used))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/settings/security')
  await page.getByLabel('Code to disable 2FA').fill(codes[1] ?? '')
  // Turning 2FA off asks for the password too: a wrong one is said at its field.
  const password = page.getByLabel('Account password')
  await password.fill('not-my-password')
  await page.getByRole('button', { name: 'Disable 2FA' }).click()
  await expect(toast(page, 'Failed to disable 2FA')).toBeVisible()
  await expect(password).toHaveAccessibleDescription(/The current password is not correct\./)
  await page.getByLabel('Code to disable 2FA').fill(codes[1] ?? '')
  await password.fill(PASSWORD)
  await page.getByRole('button', { name: 'Disable 2FA' }).click()
  await expect(toast(page, '2FA disabled successfully')).toBeVisible()
  await expect(page.getByText('Status: Off')).toBeVisible()
})

test('an open-redirect attempt is refused', async ({ page }) => {
  const h = harness()
  for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
    await signIn(page, h.demoEmail, h.demoPassword, `?redirect=${encodeURIComponent(target)}`)
    await expect(page).toHaveURL(new RegExp(`^${h.baseURL}/dashboard$`))
    await signOut(page)
  }
})

test('changing the password in another session expires this one', async ({ page, browser }) => {
  const email = uniqueEmail('expire')
  await signUp(page, email, PASSWORD)
  await page.goto('/help-center')

  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signIn(otherPage, email, PASSWORD)
  await expect(otherPage).toHaveURL(/\/dashboard$/)
  await otherPage.goto('/settings/security')
  await otherPage.getByLabel('Current password').fill(PASSWORD)
  await otherPage.getByLabel('New password', { exact: true }).fill('brand-new-pass-1')
  await otherPage.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass-1')
  await otherPage.getByRole('button', { name: 'Change password' }).click()
  await expect(toast(otherPage, 'Password changed')).toBeVisible()
  await other.close()

  // Back in the first session: the next refresh of the session is refused by the server.
  await page.reload()
  await expect(toast(page, 'Session expired!')).toBeVisible()
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fhelp-center$/)
  await signIn(page, email, 'brand-new-pass-1', '?redirect=%2Fhelp-center')
  await expect(page).toHaveURL(/\/help-center$/)
})

test('logout with the server stopped still lands on /, signed out', async ({ page }) => {
  const email = uniqueEmail('logout')
  await signUp(page, email, PASSWORD)
  await controlServer('stop')
  try {
    await signOut(page)
    await expect(toast(page, 'Logged out successfully')).toBeVisible()
    const stored = await page.evaluate(() => localStorage.getItem('pocketbase_auth'))
    expect(stored === null || !JSON.parse(stored).token).toBe(true)
  } finally {
    await controlServer('start')
  }
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard$/)
})

test('forgot password → mail → reset → sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('reset')
  await signUp(page, email, PASSWORD)
  await signOut(page)
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible()

  const mail = await waitForMail(email, /reset/i)
  const link = linkIn(mail, '/reset-password?token=')
  expect(new URL(link).origin).toBe(harness().baseURL)
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('reset-pass-2024')
  await page.getByLabel('Confirm new password', { exact: true }).fill('reset-pass-2024')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Your password has been changed')).toBeVisible()

  await signIn(page, email, 'reset-pass-2024')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('forgot password answers the same for an unknown email', async ({ page }) => {
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill('nobody-at-all@example.com')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('If an account exists for nobody-at-all@example.com')).toBeVisible()
})

test('verify email from the mailed link', async ({ page }) => {
  const email = uniqueEmail('verify')
  await signUp(page, email, PASSWORD)
  await page.goto('/settings/account')
  await expect(page.getByText(`${email} is not verified yet`)).toBeVisible()
  await page.getByRole('button', { name: 'Send verification email' }).click()
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible()
  const mail = await waitForMail(email, /verif/i)
  await page.goto(linkIn(mail, '/verify-email?token='))
  await expect(page.getByText('Your email address is verified')).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByText('Email verified')).toBeVisible()
  await expect(page.locator('dd').filter({ hasText: /^Yes$/ })).toBeVisible()
})

test('a profile update replaces the user everywhere', async ({ page }) => {
  const email = uniqueEmail('profile')
  await signUp(page, email, PASSWORD)
  await page.goto('/settings/account')
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper')
  await page.getByLabel('Company', { exact: true }).fill('Navy Labs')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page, 'Profile updated successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Grace Hopper')
  await page.reload()
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Navy Labs')
})

test('sign-out in one tab signs out the others', async ({ page, context }) => {
  const email = uniqueEmail('tabs')
  await signUp(page, email, PASSWORD)
  const second = await context.newPage()
  await second.goto('/customers')
  await expect(second.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible()
  await signOut(page)
  await expect(second).toHaveURL(/\/sign-in\?redirect=%2Fcustomers$/)
})

test('a session refresh whose answer is cut short keeps you signed in', async ({ page }) => {
  await signUp(page, uniqueEmail('cut-refresh'), PASSWORD)
  // What the browser sees when the page is left mid-answer: a 200 whose body never completes.
  let refreshes = 0
  await page.route('**/api/collections/users/auth-refresh', async (route) => {
    refreshes++
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"tok' })
  })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect.poll(() => refreshes).toBeGreaterThan(0)
  await page.unroute('**/api/collections/users/auth-refresh')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
  await expect(page.getByText('Session expired!')).toHaveCount(0)
})

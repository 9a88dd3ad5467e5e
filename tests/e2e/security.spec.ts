import type { Page } from '@playwright/test'
import { expect, signIn, signUp, test, totp, uniqueEmail } from '../support/fixtures'

const PASSWORD = 'correct-horse-9'

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** Password, then a backup code on /otp. */
async function signInWithBackupCode(page: Page, email: string, code: string) {
  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/otp$/)
  await page.getByRole('button', { name: 'Use a backup code' }).click()
  await page.getByLabel('Backup code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

test('2FA settings tell the truth: the reason at the field, codes left, new codes with a current code; spent and replaced codes are refused', async ({
  page,
}) => {
  // Several sign-ins, and backup codes hashed with a slow KDF: like the other 2FA journey.
  test.setTimeout(180_000)
  // No waiting for new 30-second steps: after enrolment the next step's code (the server takes
  // one step either side) is the one a phone shows a moment later.
  const email = uniqueEmail('security')
  await signUp(page, email, PASSWORD)

  // Enrol, with a wrong code first: the server's reason shows at the field, beside the toast.
  await page.goto('/settings/security')
  await page.getByRole('button', { name: 'Set up 2FA' }).click()
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? ''
  const codes = (
    await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents()
  ).map((c) => c.trim())
  expect(codes).toHaveLength(10)
  const appCode = page.getByLabel('Code from your app')
  await appCode.fill(totp(secret, Date.now(), 5))
  await page.getByLabel('Account password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Enable 2FA' }).click()
  await expect(toast(page, 'Failed to enable 2FA')).toBeVisible()
  await expect(appCode).toHaveAccessibleDescription('Invalid 2FA code.')
  await appCode.fill(totp(secret))
  await page.getByRole('button', { name: 'Enable 2FA' }).click()
  await expect(toast(page, '2FA enabled successfully')).toBeVisible()
  await expect(page.getByText('10 backup codes left')).toBeVisible()
  await signOut(page)

  // A backup code works once; the second time the sign-in says it was used.
  await signInWithBackupCode(page, email, codes[0] ?? '')
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)
  await signInWithBackupCode(page, email, codes[0] ?? '')
  await expect(
    page.getByRole('alert').filter({ hasText: 'This backup code has already been used.' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/otp$/)
  await page.getByLabel('Backup code').fill(codes[1] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // Two spent: eight left.
  await page.goto('/settings/security')
  await expect(page.getByText('8 backup codes left')).toBeVisible()

  // New codes need a current code from the app; a backup code is refused with the reason.
  await page.getByRole('button', { name: 'Make new backup codes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Make new backup codes' })
  const code = dialog.getByLabel('Code from your authenticator app')
  await code.fill('000000')
  await dialog.getByRole('button', { name: 'Make new codes' }).click()
  await expect(code).toHaveAccessibleDescription(/Invalid 2FA code\./)
  await code.fill(totp(secret, Date.now(), 1))
  await dialog.getByRole('button', { name: 'Make new codes' }).click()
  const freshList = dialog
    .getByRole('list', { name: 'Your new backup codes' })
    .getByRole('listitem')
  await expect(freshList).toHaveCount(10)
  const fresh = (await freshList.allTextContents()).map((c) => c.trim())
  expect(fresh).not.toContain(codes[2])
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('10 backup codes left')).toBeVisible()
  await signOut(page)

  // An old, never used code no longer signs in; a new one does.
  await signInWithBackupCode(page, email, codes[2] ?? '')
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid 2FA code.' })).toBeVisible()
  await expect(page).toHaveURL(/\/otp$/)
  await page.getByLabel('Backup code').fill(fresh[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/settings/security')
  await expect(page.getByText('9 backup codes left')).toBeVisible()
})

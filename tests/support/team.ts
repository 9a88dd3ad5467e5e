import type { Browser, Page } from '@playwright/test'
import { expect, linkIn, waitForMail } from './fixtures'

/**
 * Opens the invitation mailed to `email` by `inviter` of `business` in a browser of its own and
 * creates the account there (the dashboard is open when it returns).
 */
export async function acceptByMail(
  browser: Browser,
  email: string,
  name: string,
  from: { inviter: string; business: string; password: string },
): Promise<Page> {
  const mail = await waitForMail(
    email,
    new RegExp(`^${from.inviter} invited you to ${from.business} on Folio$`),
  )
  const page = await (await browser.newContext()).newPage()
  await page.goto(linkIn(mail, '/join/'))
  await expect(
    page.getByRole('heading', { name: `An invitation to ${from.business}` }),
  ).toBeVisible()
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Password', { exact: true }).fill(from.password)
  await page.getByRole('button', { name: 'Create account and join' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  return page
}

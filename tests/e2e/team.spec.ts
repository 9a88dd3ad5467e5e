import type { Browser, Page } from '@playwright/test'
import { api, sentInvoice, signedInId } from '../support/api'
import { fillLine, sendFromDialog } from '../support/billing'
import { acceptByMail as acceptInvitation } from '../support/team'
import { expect, signUpVerified, test, uniqueEmail } from '../support/fixtures'

const PASSWORD = 'correct-horse-9'
const BUSINESS = 'Harbour Works'
const OTHER = 'Quay Studio'

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

/** Opens the invitation mailed to `email` by Olga Owner of the business and creates the account. */
const acceptByMail = (browser: Browser, email: string, name: string): Promise<Page> =>
  acceptInvitation(browser, email, name, {
    inviter: 'Olga Owner',
    business: BUSINESS,
    password: PASSWORD,
  })

/**
 * Issue 27 end to end, in Chromium against the real server and the SMTP sink: invitations by
 * mail, what an accountant and a member may do, another member's invoice arriving live with their
 * name, a removal taking effect on the removed person's open page, and one person in two
 * businesses never seeing one's data under the other's name.
 */
test('a business is a team: invited by mail, each role its access, live and at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  // The owner: an account (its sign-up made the business), a name, a customer and a sent invoice,
  // made through the API where the screens add nothing.
  const ownerEmail = uniqueEmail('owner')
  await signUpVerified(page, ownerEmail, PASSWORD)
  const business = await signedInId(page)
  await api(page, 'PATCH', `/api/collections/users/records/${business}`, { name: 'Olga Owner' })
  await api(page, 'PATCH', `/api/collections/businesses/records/${business}`, {
    company_name: BUSINESS,
  })
  const customer = await api<{ id: string }>(page, 'POST', '/api/collections/customers/records', {
    business,
    name: 'Harbour Books',
    email: 'books@example.com',
    currency: 'EUR',
  })
  const invoice = await sentInvoice(page, customer.id, business)

  const accountantEmail = uniqueEmail('accountant')
  const memberEmail = uniqueEmail('member')
  for (const [email, role] of [
    [accountantEmail, 'accountant'],
    [memberEmail, 'member'],
  ] as const)
    await api(page, 'POST', `/api/folio/businesses/${business}/invitations`, { email, role })

  // The accountant accepts from the mail, reads the invoice and finds no control to change it.
  const accountant = await acceptByMail(browser, accountantEmail, 'Ada Accountant')
  await accountant.goto('/invoices')
  const row = accountant.getByRole('link', { name: 'INV-00001' }).first()
  await expect(row).toBeVisible()
  await expect(accountant.getByRole('link', { name: 'New invoice' })).toHaveCount(0)
  await row.click()
  await expect(
    accountant.getByRole('heading', { name: 'Invoice INV-00001', level: 1 }),
  ).toBeVisible()
  await expect(accountant.getByRole('link', { name: 'Print' })).toBeVisible()
  for (const control of ['Record payment', 'Send again', 'Mark as sent'])
    await expect(accountant.getByRole('button', { name: control, exact: true })).toHaveCount(0)
  await expect(accountant.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
  // The server refuses the write a control would have made, whoever makes it.
  const auth = await accountant.request.post('/api/collections/users/auth-with-password', {
    data: { identity: accountantEmail, password: PASSWORD },
  })
  const { token } = (await auth.json()) as { token: string }
  const write = await accountant.request.patch(`/api/collections/invoices/records/${invoice.id}`, {
    headers: { authorization: token },
    data: { notes: 'changed by the accountant' },
  })
  expect(write.ok()).toBe(false)
  expect([403, 404]).toContain(write.status())
  const still = await api<{ notes: string }>(
    page,
    'GET',
    `/api/collections/invoices/records/${invoice.id}`,
  )
  expect(still.notes ?? '').not.toContain('accountant')

  // The member makes and sends an invoice; the owner's open list shows it without a reload, and
  // its activity names the member.
  const member = await acceptByMail(browser, memberEmail, 'Mia Member')
  await page.goto('/invoices')
  await expect(page.getByRole('link', { name: 'INV-00001' }).first()).toBeVisible()
  await member.goto(`/customers/${customer.id}`)
  await member.getByRole('link', { name: 'New invoice' }).click()
  await fillLine(member, 1, { description: 'Ladders', qty: '2', price: '40', tax: '0' })
  await member.getByRole('button', { name: 'Save invoice' }).click()
  await expect(member.getByRole('heading', { name: /^Invoice INV-\d+$/, level: 1 })).toBeVisible()
  const number = ((await member.getByRole('heading', { level: 1 }).textContent()) ?? '')
    .replace('Invoice ', '')
    .trim()
  await sendFromDialog(member)
  const arrived = page.getByRole('link', { name: number }).first()
  await expect(arrived).toBeVisible({ timeout: 20_000 })
  await arrived.click()
  await expect(page.getByText(/Mia Member sent it to/)).toBeVisible()

  // The owner removes the member: the member's open page loses the business at once.
  await page.goto('/settings/members')
  await page.getByRole('button', { name: 'Remove Mia Member' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByText('Mia Member was removed.')).toBeVisible()
  await expect(toast(member, `You no longer have access to ${BUSINESS}.`)).toBeVisible()
  await expect(
    member.getByRole('heading', { name: 'You are not part of a business yet' }),
  ).toBeVisible()

  // Two businesses: each one's customers under its own name only.
  const other = await api<{ id: string }>(page, 'POST', '/api/folio/businesses', {
    company_name: OTHER,
  })
  await api(page, 'POST', '/api/collections/customers/records', {
    business: other.id,
    name: 'Quay Client',
    currency: 'EUR',
  })
  await page.goto('/customers')
  const header = page.locator('header')
  await expect(header.getByRole('button', { name: new RegExp(`^${BUSINESS}`) })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Harbour Books' }).first()).toBeVisible()
  await expect(page.getByText('Quay Client')).toHaveCount(0)
  for (const [to, seen, unseen] of [
    [OTHER, 'Quay Client', 'Harbour Books'],
    [BUSINESS, 'Harbour Books', 'Quay Client'],
  ] as const) {
    await header.getByRole('button', { name: /^(Harbour Works|Quay Studio)/ }).click()
    await page.getByRole('menuitemradio', { name: new RegExp(`^${to}`) }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(header.getByRole('button', { name: new RegExp(`^${to}`) })).toBeVisible()
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Customers', exact: true })
      .first()
      .click()
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: seen }).first()).toBeVisible()
    await expect(page.getByText(unseen)).toHaveCount(0)
  }
  await accountant.context().close()
  await member.context().close()
})

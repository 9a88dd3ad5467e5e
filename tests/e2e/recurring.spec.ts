import { axeViolations } from '../support/axe'
import {
  expect,
  linkIn,
  signUp,
  signUpVerified,
  test,
  uniqueEmail,
  waitForMail,
} from '../support/fixtures'
import { runScheduledJobs } from '../support/clock'
import { readMails } from '../support/smtp-sink'
import { harness } from '../support/env'
import { layoutProblems } from '../support/layout'

/** A date `days` from today (UTC), as the date inputs take it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('a monthly recurring invoice is made and mailed once the clock passes its date', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const customerEmail = uniqueEmail('lighthouse')
  await signUpVerified(page, uniqueEmail('keeper'))

  // The business's time zone: its invoices are made at midnight there.
  await page.goto('/settings/business')
  await page.getByLabel('Business name').fill('Keeper & Co')
  await page.getByLabel('Time zone').selectOption('Europe/Berlin')
  await page.getByRole('button', { name: 'Save business details' }).click()
  await expect(page.getByText('Business details saved')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin')

  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Lighthouse Trust')
  await page.getByLabel('Email').fill(customerEmail)
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Lighthouse Trust', level: 1 })).toBeVisible()

  // The template, from the sidebar: monthly on the day of its first date, 10 days from now.
  await page.getByRole('link', { name: 'Recurring' }).click()
  await expect(page.getByRole('heading', { name: 'Recurring invoices', level: 1 })).toBeVisible()
  await expect(page.getByText('No recurring invoices yet')).toBeVisible()
  await page.getByRole('link', { name: 'New recurring invoice' }).click()
  await page.getByRole('combobox', { name: 'Customer' }).fill('Lighthouse')
  await page.getByRole('option', { name: /Lighthouse Trust/ }).click()
  await page.getByLabel('Name (optional)').fill('Lamp maintenance')
  const first = inDays(10)
  await page.getByLabel('Repeats').selectOption('monthly')
  await page.getByLabel('Day of the month').selectOption(String(Number(first.slice(8, 10))))
  await page.getByLabel('First invoice on').fill(first)
  await page.getByLabel('On each date').selectOption('send')
  await page.getByLabel('Line 1 description').fill('Lamp maintenance')
  await page.getByLabel('Line 1 quantity').fill('1')
  await page.getByLabel('Line 1 unit price').fill('0')
  // The line has a unit and a discount, as on the invoice editor.
  await page.getByLabel('Line 1 unit', { exact: true }).fill('h')
  await expect(page.getByLabel('Line 1 unit code')).toContainText('Auto: HUR')
  await page.getByLabel('Line 1 disc. %').fill('10')
  await page.getByRole('button', { name: 'Create recurring invoice' }).click()
  // A refusal keeps what was typed; fixing the price is enough.
  await expect(page.getByText('Enter a price above zero.')).toBeVisible()
  await expect(page.getByLabel('Line 1 description')).toHaveValue('Lamp maintenance')
  await page.getByLabel('Line 1 unit price').fill('250')
  await page.getByRole('button', { name: 'Create recurring invoice' }).click()

  await expect(page.getByRole('heading', { name: 'Lamp maintenance', level: 1 })).toBeVisible()
  const next = page.getByRole('list', { name: 'Next dates' }).getByRole('listitem')
  await expect(next).toHaveCount(3)
  await expect(page.getByText('No invoice made yet.')).toBeVisible()

  // Nothing is due yet: the jobs run now and make nothing.
  await runScheduledJobs(page.request)
  await page.reload()
  await expect(page.getByText('No invoice made yet.')).toBeVisible()

  // Eleven days later the first date has passed in Berlin: the invoice is made and mailed.
  await runScheduledJobs(page.request, '264h')
  const mail = await waitForMail(customerEmail, /INV-00001/)
  expect(mail.text).toContain('Lamp maintenance')
  expect(linkIn(mail, '/d/')).toMatch(/\/d\/[\w-]{43}$/)

  // Exactly once: running the jobs again as of the same time makes and mails nothing more.
  await runScheduledJobs(page.request, '264h')
  await page.reload()
  const made = page.getByRole('table').getByRole('row')
  await expect(made).toHaveCount(2) // the header and one run
  await expect(made.nth(1)).toContainText('INV-00001')
  await expect(made.nth(1)).toContainText('Sent')
  expect(readMailsTo(customerEmail).filter((m) => /INV-00001/.test(m.subject))).toHaveLength(1)

  // Its invoice is a real, sent invoice dated on the template's date.
  await made.nth(1).getByRole('link', { name: 'INV-00001' }).click()
  await expect(page.getByRole('heading', { name: /INV-00001/, level: 1 })).toBeVisible()

  // Paused, it makes nothing; the list says so.
  await page.goBack()
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible()
  await page.getByRole('link', { name: 'Recurring' }).click()
  await expect(page.getByRole('row', { name: /Lamp maintenance/ })).toContainText('Paused')
})

const readMailsTo = (to: string) => readMails(harness().mailFile).filter((m) => m.to.includes(to))

test('the recurring screens fit every width, left to right and in Arabic', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('widths')
  await signUp(page, email)
  // A template with one draft made, through the API (the screens are what is tested here).
  const auth = await page.request.post('/api/collections/users/auth-with-password', {
    data: { identity: email, password: 'correct-horse-9' },
  })
  const { token, record } = (await auth.json()) as { token: string; record: { id: string } }
  const headers = { Authorization: token }
  const customer = await page.request.post('/api/collections/customers/records', {
    headers,
    data: { business: record.id, name: 'Aldebaran Shipping & Logistics Holdings', currency: 'EUR' },
  })
  const customerId = ((await customer.json()) as { id: string }).id
  const tpl = await page.request.post('/api/collections/recurring_invoices/records', {
    headers,
    data: {
      business: record.id,
      customer: customerId,
      frequency: 'monthly',
      month_day: Number(inDays(0).slice(8, 10)),
      start_date: `${inDays(0)} 00:00:00.000Z`,
      end_kind: 'after',
      end_count: 24,
      payment_terms_days: 14,
      action: 'draft',
      items: [
        {
          id: 'a',
          description: 'Berth rental',
          quantity: 1,
          unit_price_cents: 125000,
          tax_rate: 19,
        },
      ],
    },
  })
  expect(tpl.status(), await tpl.text()).toBe(200)
  const id = ((await tpl.json()) as { id: string }).id
  await runScheduledJobs(page.request, '1h')

  const paths = ['/recurring', `/recurring/${id}`, `/recurring/${id}/edit`, '/recurring/new']
  for (const mode of ['ltr', 'ar'] as const) {
    if (mode === 'ar')
      await context.addCookies([
        { name: 'folio_lang', value: 'ar', url: new URL(page.url()).origin },
      ])
    const problems: string[] = []
    for (const path of paths) {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('dir', mode === 'ar' ? 'rtl' : 'ltr')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      // No axe violations (WCAG 2.1 AA), in each direction.
      for (const v of await axeViolations(page)) problems.push(`${mode} ${path}: axe ${v}`)
      for (const width of [320, 390, 768, 1024, 1280, 1920]) {
        await page.setViewportSize({ width, height: 900 })
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
        for (const p of await layoutProblems(page))
          problems.push(`${mode} ${path} at ${width} px: ${p}`)
      }
    }
    expect(problems).toEqual([])
  }
  // The draft made shows on the template's page.
  await page.goto(`/recurring/${id}`)
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2)

  // The editor with its messages, reached and sent from the keyboard.
  await page.goto('/recurring/new')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'إنشاء فاتورة متكررة' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').first()).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})

test('a template that starts in the past asks what to do with the missed dates, and makes only what was chosen', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUp(page, uniqueEmail('backdated'))
  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Orion Rentals')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Orion Rentals', level: 1 })).toBeVisible()

  await page.goto('/recurring/new')
  await page.getByRole('combobox', { name: 'Customer' }).fill('Orion')
  await page.getByRole('option', { name: /Orion Rentals/ }).click()
  await page.getByLabel('Name (optional)').fill('Crane rental')
  await page.getByLabel('Repeats').selectOption('weekly')
  // No question while the start is today.
  const question = page.getByTestId('recurring-missed')
  await page.getByLabel('First invoice on').fill(inDays(0))
  await expect(question).toHaveCount(0)
  // Weekly from 20 days ago: 20, 13 and 6 days ago were missed.
  await page.getByLabel('First invoice on').fill(inDays(-20))
  await expect(question).toContainText('3 dates were missed')
  await expect(question.getByLabel('Skip them and start with the next date')).toBeChecked()
  await expect(question.getByRole('status')).toContainText('Saving makes no invoice now.')
  await question.getByLabel('Make only the latest missed invoice').check()
  await expect(question.getByRole('status')).toContainText('Saving makes 1 invoice now')
  await question.getByLabel(/Make them all/).check()
  await expect(question.getByRole('status')).toContainText('Saving makes 3 invoices now')
  // Back to the default, and saved: the jobs make nothing back-dated.
  await question.getByLabel('Skip them and start with the next date').check()
  await expect(question.getByRole('status')).toContainText('Saving makes no invoice now.')
  await page.getByLabel('Line 1 description').fill('Crane rental')
  await page.getByLabel('Line 1 quantity').fill('1')
  await page.getByLabel('Line 1 unit price').fill('400')
  await page.getByRole('button', { name: 'Create recurring invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Crane rental', level: 1 })).toBeVisible()
  await runScheduledJobs(page.request)
  await page.reload()
  await expect(page.getByText('No invoice made yet.')).toBeVisible()
})

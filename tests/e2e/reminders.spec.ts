import { axeViolations } from '../support/axe'
import { expect, signUp, signUpVerified, test, uniqueEmail } from '../support/fixtures'
import { fillLine, recordPayment, sendFromDialog } from '../support/billing'
import { runScheduledJobs } from '../support/clock'
import { harness } from '../support/env'
import { readMails } from '../support/smtp-sink'

/** The reminders mailed to an address so far, oldest first. */
const remindersTo = (to: string) =>
  readMails(harness().mailFile).filter((m) => m.to.includes(to) && /^Reminder:/.test(m.subject))

test('an overdue invoice gets its reminders in order, and they stop after payment', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const customerEmail = uniqueEmail('late-payer')
  await signUpVerified(page, uniqueEmail('dunning'))

  // 1. Reminders are off until the owner turns them on; the schedule shows the defaults.
  await page.goto('/settings/reminders')
  await expect(page.getByRole('heading', { name: 'Payment reminders', level: 2 })).toBeVisible()
  const days = page.getByLabel('Reminder days')
  await expect(days).toHaveValue('-3, 0, 7, 14, 30')
  const toggle = page.getByLabel('Send payment reminders automatically')
  await expect(toggle).not.toBeChecked()
  await toggle.check()
  await expect(page.getByText('Payment reminders turned on').first()).toBeVisible()
  // A day out of bounds is explained at the field; what was typed stays.
  await days.fill('-3, 0, 7, 400')
  await page.getByRole('button', { name: 'Save reminders' }).click()
  await expect(
    page.getByText('Enter whole numbers from -30 to 365, at most 10 of them.'),
  ).toBeVisible()
  await expect(days).toHaveValue('-3, 0, 7, 400')
  await days.fill('7, 0, -3')
  await page.getByRole('button', { name: 'Save reminders' }).click()
  await expect(page.getByText('Reminder settings saved').first()).toBeVisible()
  expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([])

  // 2. A customer, and an invoice to them due in 30 days, mailed with its PDF.
  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Slow Pay GmbH')
  await page.getByLabel('Email').fill(customerEmail)
  await expect(page.getByLabel('No payment reminders')).not.toBeChecked()
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Slow Pay GmbH', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'New invoice' }).click()
  await fillLine(page, 1, { description: 'Consulting', qty: '1', price: '100', tax: '19' })
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  await sendFromDialog(page)
  const invoiceUrl = page.url()

  // 3. Nothing before the first step; then each step once, in order, however often the job runs.
  await runScheduledJobs(page.request, `${26 * 24}h`)
  expect(remindersTo(customerEmail)).toHaveLength(0)
  await runScheduledJobs(page.request, `${27 * 24}h`) // 3 days before due
  await runScheduledJobs(page.request, `${27 * 24 + 6}h`)
  await runScheduledJobs(page.request, `${30 * 24}h`) // the due date
  await runScheduledJobs(page.request, `${37 * 24}h`) // a week late
  await runScheduledJobs(page.request, `${37 * 24}h`)
  const mails = remindersTo(customerEmail)
  expect(mails).toHaveLength(3)
  for (const m of mails) {
    expect(m.subject).toMatch(/^Reminder: Invoice INV-00001 from /)
    expect(m.text).toContain('€119.00 is still open on invoice INV-00001')
    expect(m.text).toMatch(/\/d\/[A-Za-z0-9_-]{40,}/)
    expect(m.attachments.map((a) => a.filename)).toEqual(['INV-00001.pdf'])
  }
  // The invoice's activity lists them, newest first.
  await page.goto(invoiceUrl)
  const activity = page.getByRole('list', { name: 'Activity' })
  await expect(
    activity.getByText(`Reminder (7 days overdue) sent to ${customerEmail}`),
  ).toBeVisible()
  await expect(activity.getByText(`Reminder (due today) sent to ${customerEmail}`)).toBeVisible()
  await expect(
    activity.getByText(`Reminder (3 days before due) sent to ${customerEmail}`),
  ).toBeVisible()

  // 4. Paid: no more reminders, whatever the date.
  const pay = await recordPayment(page, '119')
  await expect(pay).toBeHidden()
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
  await runScheduledJobs(page.request, `${44 * 24}h`)
  await runScheduledJobs(page.request, `${90 * 24}h`)
  expect(remindersTo(customerEmail)).toHaveLength(3)

  // 5. The dashboard counts this week's reminders.
  await page.goto('/dashboard')
  const card = page.getByRole('region', { name: 'Reminders sent this week' })
  await expect(card.getByText('3', { exact: true })).toBeVisible()
})

test('the reminder settings fit a phone and a wide screen, left to right and in Arabic', async ({
  page,
  context,
}) => {
  await signUp(page, uniqueEmail('dunning-widths'))
  for (const lang of ['en', 'ar'] as const) {
    await context.addCookies([{ name: 'folio_lang', value: lang, url: new URL(page.url()).origin }])
    await page.goto('/settings/reminders')
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
    await expect(
      page.getByRole('heading', {
        name: lang === 'ar' ? 'تذكيرات الدفع' : 'Payment reminders',
        level: 2,
      }),
    ).toBeVisible()
    for (const width of [320, 768, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `sideways scroll at ${width} px (${lang})`).toBe(0)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
  }
})

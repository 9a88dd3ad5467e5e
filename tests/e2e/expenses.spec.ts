// Issue 32, expenses as a user meets them: a receipt photographed (a file input fed a real JPEG
// made here) is made smaller and shown on the expense's page; an expense recorded offline with
// its photo waits on the device and reaches the server once; the accountant reads it and finds no
// control to change or delete it.
import type { Page } from '@playwright/test'
import { api, signedInId } from '../support/api'
import { expect, signUpVerified, test, uniqueEmail } from '../support/fixtures'
import { acceptByMail } from '../support/team'
import { axeViolations } from '../support/axe'

const PASSWORD = 'correct-horse-9'
const BUSINESS = 'Lang Bakery Supplies'

/** A real JPEG of `width` × `height`, drawn and encoded by the browser (a till receipt's look). */
async function jpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height)
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
      ctx.fillStyle = '#fdfdf8'
      ctx.fillRect(0, 0, width, height)
      ctx.fillStyle = '#222'
      ctx.font = `${Math.round(height / 20)}px sans-serif`
      ctx.fillText('BAKERY LANG  10.70 EUR', width / 10, height / 3)
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let s = ''
      for (const b of bytes) s += String.fromCharCode(b)
      return btoa(s)
    },
    { width, height },
  )
  return Buffer.from(base64, 'base64')
}

/**
 * Fills the "New expense" form: a photo of `size` through a file input (the form's "Receipt file"
 * unless another is named; the form shows the photo's name once it is ready), the vendor, and
 * one VAT line.
 */
async function fillExpense(
  page: Page,
  e: {
    photo: string
    size: [number, number]
    vendor: string
    rate: string
    net?: string
    gross?: string
    input?: string
  },
) {
  await page.getByLabel(e.input ?? 'Receipt file').setInputFiles({
    name: e.photo,
    mimeType: 'image/jpeg',
    buffer: await jpeg(page, ...e.size),
  })
  await expect(page.getByText(e.photo)).toBeVisible()
  await page.getByRole('combobox', { name: 'Vendor' }).fill(e.vendor)
  await page.getByLabel('VAT rate (%)').fill(e.rate)
  if (e.net !== undefined) {
    await page.getByLabel('The receipt shows').selectOption('net')
    await page.getByLabel('Net in EUR').fill(e.net)
  } else await page.getByLabel('Gross in EUR').fill(e.gross ?? '')
}

/** The size of the receipt image the page shows, once it has loaded. */
async function shownSize(page: Page) {
  const img = page.getByRole('img', { name: 'Photo of the receipt' })
  await expect(img).toBeVisible()
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0)
  return img.evaluate((i: HTMLImageElement) => ({ w: i.naturalWidth, h: i.naturalHeight }))
}

interface ExpenseRow {
  id: string
  vendor_name: string
  receipt: string
  net_cents: number
  vat_cents: number
  total_cents: number
}

test('expenses: a photographed receipt, an expense made offline sent once, the accountant reads', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const ownerEmail = uniqueEmail('expenses')
  await signUpVerified(page, ownerEmail, PASSWORD)
  const business = await signedInId(page)
  await api(page, 'PATCH', `/api/collections/users/records/${business}`, { name: 'Olga Owner' })
  await api(page, 'PATCH', `/api/collections/businesses/records/${business}`, {
    company_name: BUSINESS,
  })

  // Online: a phone photo (3000 × 2250) through the list's "Photograph a receipt" (a file input
  // that opens a phone's camera), which opens a new expense with it.
  await page.goto('/dashboard')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Expenses' })
    .click()
  await expect(page.getByRole('heading', { name: 'Expenses', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Photograph a receipt')).toHaveAttribute('capture', 'environment')
  await fillExpense(page, {
    input: 'Photograph a receipt',
    photo: 'IMG_0042.jpg',
    size: [3000, 2250],
    vendor: 'Bakery Lang',
    rate: '7',
    gross: '10.70',
  })
  await page.getByLabel('Category').fill('Meals')
  // The preview is the server's rule: 10.70 at 7 % is 10.00 + 0.70.
  await expect(page.getByText('€0.70')).toBeVisible()
  expect(await axeViolations(page, { include: 'main' })).toEqual([])
  await page.getByRole('button', { name: 'Add expense' }).click()
  await expect(page.getByRole('heading', { name: 'Bakery Lang', level: 1 })).toBeVisible()
  // Made smaller on the device: the longest side is 2000 px, the proportions kept.
  expect(await shownSize(page)).toEqual({ w: 2000, h: 1500 })
  await expect(page.getByRole('cell', { name: '€10.70' }).first()).toBeVisible()
  expect(await axeViolations(page, { include: 'main' })).toEqual([])

  // Offline: the list and the form come from this device; the photo waits with the expense.
  const posts: string[] = []
  page.on('requestfinished', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/collections/expenses/records')
      posts.push(r.url())
  })
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Expenses' })
    .click()
  await expect(page.getByRole('link', { name: 'Bakery Lang' })).toBeVisible()
  await context.setOffline(true)
  await page.getByRole('link', { name: 'New expense' }).first().click()
  await fillExpense(page, {
    photo: 'kiosk.jpg',
    size: [800, 1200],
    vendor: 'Corner Kiosk',
    rate: '19',
    net: '20',
  })
  await page.getByRole('button', { name: 'Add expense' }).click()
  await expect(page.getByRole('heading', { name: 'Corner Kiosk', level: 1 })).toBeVisible()
  await expect(page.getByText('Waiting to send').first()).toBeVisible()
  expect(await shownSize(page)).toEqual({ w: 800, h: 1200 })
  await expect(page.getByRole('cell', { name: '€23.80' }).first()).toBeVisible()
  expect(posts).toEqual([])

  // Back online: sent once, with its photo.
  await context.setOffline(false)
  await expect(page.getByText(/changes? waiting to be sent/)).toBeHidden({ timeout: 30_000 })
  await expect(page.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 })
  expect(posts).toHaveLength(1)
  const kiosk = await api<{ items: ExpenseRow[]; totalItems: number }>(
    page,
    'GET',
    `/api/collections/expenses/records?filter=${encodeURIComponent('vendor_name="Corner Kiosk"')}`,
  )
  expect(kiosk.totalItems).toBe(1)
  expect(kiosk.items[0]).toMatchObject({ net_cents: 2000, vat_cents: 380, total_cents: 2380 })
  expect(kiosk.items[0]?.receipt).toMatch(/^kiosk_\w+\.jpg$/)
  const all = await api<{ totalItems: number }>(page, 'GET', '/api/collections/expenses/records')
  expect(all.totalItems).toBe(2)
  const kioskId = kiosk.items[0]?.id ?? ''

  // The accountant reads the expense and its receipt; nothing to change or delete it with.
  const accountantEmail = uniqueEmail('exp-accountant')
  await api(page, 'POST', `/api/folio/businesses/${business}/invitations`, {
    email: accountantEmail,
    role: 'accountant',
  })
  const accountant = await acceptByMail(browser, accountantEmail, 'Ada Accountant', {
    inviter: 'Olga Owner',
    business: BUSINESS,
    password: PASSWORD,
  })
  await accountant
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Expenses' })
    .click()
  await expect(accountant.getByRole('link', { name: 'Corner Kiosk' })).toBeVisible()
  await expect(accountant.getByRole('link', { name: 'New expense' })).toHaveCount(0)
  await expect(accountant.getByText('Photograph a receipt')).toHaveCount(0)
  await accountant.getByRole('link', { name: 'Corner Kiosk' }).click()
  await expect(accountant).toHaveURL(new RegExp(`/expenses/${kioskId}$`))
  await expect(accountant.getByRole('heading', { name: 'Corner Kiosk', level: 1 })).toBeVisible()
  expect(await shownSize(accountant)).toEqual({ w: 800, h: 1200 })
  for (const control of ['Edit', 'Delete'])
    await expect(accountant.getByRole('button', { name: control, exact: true })).toHaveCount(0)
  // The editor's address leads a reader back to the expense.
  await accountant.goto(`/expenses/${kioskId}/edit`)
  await expect(accountant).toHaveURL(new RegExp(`/expenses/${kioskId}$`))
  await expect(accountant.getByRole('heading', { name: 'Corner Kiosk', level: 1 })).toBeVisible()
  await accountant.context().close()
})

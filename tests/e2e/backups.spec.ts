import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Download, Page } from '@playwright/test'
import { expect, signIn, signUp, test, uniqueEmail } from '../support/fixtures'
import { harness } from '../support/env'

/** Saves a download and lists the zip's entries with unzip, as a person would look into it. */
async function zipListing(
  download: Download,
): Promise<{ names: string[]; read: (f: string) => string }> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-zip-'))
  const file = join(dir, download.suggestedFilename())
  await download.saveAs(file)
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' })
  const names = listing.split('\n').filter(Boolean)
  const read = (entry: string) => execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8' })
  test.info().attachments.push({
    name: 'zip listing',
    contentType: 'text/plain',
    body: Buffer.from(listing),
  })
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return { names, read }
}

const section = (page: Page) => page.getByRole('region', { name: 'Backups and your data' })

test('an owner downloads their own data; a server backup is the operator’s alone', async ({
  page,
}) => {
  const email = uniqueEmail('export')
  await signUp(page, email)
  await page.goto('/customers/new')
  await page.getByLabel('Name').fill('Harbour Books Ltd')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { name: 'Harbour Books Ltd', level: 1 })).toBeVisible()

  await page.goto('/settings/data')
  const data = section(page)
  await expect(data.getByText(/only the person who runs the server can download it/)).toBeVisible()
  await expect(data.getByRole('button', { name: 'Download the latest backup' })).toHaveCount(0)
  const axe = await new AxeBuilder({ page })
    .include('#data-heading')
    .include('section[aria-labelledby="data-heading"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(axe.violations.map((v) => v.id)).toEqual([])

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: "Download the business's data" }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^folio-export-\d{4}-\d{2}-\d{2}\.zip$/)
  await expect(data.getByText('Your export is downloading.')).toBeVisible()
  const zip = await zipListing(download)
  for (const name of [
    'manifest.json',
    'account.json',
    'account.csv',
    'customers.json',
    'customers.csv',
    'quotes.csv',
    'invoices.csv',
    'invoice_lines.csv',
    'payments.csv',
    'document_events.csv',
  ])
    expect(zip.names).toContain(name)
  expect(zip.read('customers.csv')).toContain('Harbour Books Ltd')
  // This account's books only: the demo business has customers of its own.
  expect(JSON.parse(zip.read('customers.json'))).toHaveLength(1)
  expect(JSON.parse(zip.read('manifest.json'))).toMatchObject({ email, records: { customers: 1 } })
})

test('the operator sees the last backup and downloads it', async ({ page, request }) => {
  const env = harness()
  // A backup made in the admin UI's way (PocketBase's backups API, as a superuser).
  const auth = await request.post('/api/collections/_superusers/auth-with-password', {
    data: { identity: env.adminEmail, password: env.adminPassword },
  })
  expect(auth.ok()).toBe(true)
  const { token } = (await auth.json()) as { token: string }
  const made = await request.post('/api/backups', {
    headers: { Authorization: token },
    data: { name: `e2e_${Date.now()}.zip` },
  })
  expect(made.status()).toBe(204)

  await signIn(page, env.demoEmail, env.demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/settings/data')
  const data = section(page)
  await expect(data.getByText(/^Last backup: /)).toBeVisible()
  await expect(data.getByText(/A backup holds every account on it/)).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'Download the latest backup' }).click(),
  ])
  const zip = await zipListing(download)
  expect(zip.names).toContain('data.db')
})

import { createHmac, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, chromium, expect, type BrowserContext, type Page } from '@playwright/test'
import { harness } from './env'
import { readMails, type CapturedMail } from './smtp-sink'

export { expect }

/** A fresh, unique account name for a test. */
export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
export function totp(secretBase32: string, at = Date.now(), stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of secretBase32.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(c)
    if (v < 0) continue
    bits += v.toString(2).padStart(5, '0')
  }
  const key = Buffer.from(bits.match(/.{8}/g)?.map((b) => parseInt(b, 2)) ?? [])
  const counter = Math.floor(at / 1000 / 30) + stepOffset
  const msg = Buffer.alloc(8)
  msg.writeBigUInt64BE(BigInt(counter))
  const h = createHmac('sha1', key).update(msg).digest()
  const o = (h[h.length - 1] ?? 0) & 0xf
  const code = (h.readUInt32BE(o) & 0x7fffffff) % 1_000_000
  return code.toString().padStart(6, '0')
}

/** Waits for a mail to arrive at the SMTP sink. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<CapturedMail> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const found = readMails(harness().mailFile)
      .filter((m) => m.to.includes(to) && subject.test(m.subject))
      .at(-1)
    if (found) return found
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`No mail to ${to} matching ${subject}`)
}

export function linkIn(mail: CapturedMail, path: string): string {
  const re = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"'<>]*`)
  const m = `${mail.html} ${mail.text}`.match(re)
  if (!m) throw new Error(`No ${path} link in mail "${mail.subject}"`)
  return m[0].replace(/&amp;/g, '&')
}

export async function controlServer(action: 'stop' | 'start') {
  const res = await fetch(`${harness().controlURL}/${action}`)
  if (!res.ok) throw new Error(`server ${action} failed: ${await res.text()}`)
}

export async function signUp(page: Page, email: string, password = 'correct-horse-9') {
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  // Loaded, not only navigated: a test may stop the server right after.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
}

/**
 * Verifies the signed-in account's address as a person does: "Send verification email" in the
 * account settings, then the link of the mail the SMTP sink caught. The server sends documents
 * only from a verified address.
 */
export async function verifyEmail(page: Page, email: string) {
  await page.goto('/settings/account')
  await page.getByRole('button', { name: 'Send verification email' }).click()
  const mail = await waitForMail(email, /verif/i)
  await page.goto(linkIn(mail, '/verify-email?token='))
  await expect(page.getByText('Your email address is verified')).toBeVisible()
}

/** Signs up (→ dashboard), then verifies the address, so the account can send documents. */
export async function signUpVerified(page: Page, email: string, password = 'correct-horse-9') {
  await signUp(page, email, password)
  await verifyEmail(page, email)
}

export async function signIn(page: Page, email: string, password: string, query = '') {
  await page.goto(`/sign-in${query}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

export const test = base

/** A real, persistent browser profile: service workers and installability behave as installed. */
export async function persistentBrowser(): Promise<{
  context: BrowserContext
  close: () => Promise<void>
}> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-profile-'))
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: harness().baseURL,
  })
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Waits until the service worker controls the page (the first visit is not controlled yet). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload()
  }
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true)
}

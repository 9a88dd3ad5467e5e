import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import {
  controlServer,
  expect,
  persistentBrowser,
  signIn,
  signUp,
  test,
  uniqueEmail,
  waitForServiceWorker,
} from '../support/fixtures'
import { harness } from '../support/env'

const PASSWORD = 'correct-horse-9'

/** The query keys saved in the app's IndexedDB cache. */
function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('folio')
        open.onerror = () => resolve([])
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('query-cache')) return resolve([])
          const req = db.transaction('query-cache').objectStore('query-cache').getAll()
          req.onsuccess = () =>
            resolve(
              (
                req.result as Array<{ clientState?: { queries?: Array<{ queryKey: unknown }> } }>
              ).flatMap((c) =>
                (c.clientState?.queries ?? []).map((q) => JSON.stringify(q.queryKey)),
              ),
            )
          req.onerror = () => resolve([])
        }
      }),
  )
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

test('the app is installable: Chromium reports no installability errors', async () => {
  const { context, close } = await persistentBrowser()
  try {
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[]
    }
    expect(installabilityErrors).toEqual([])
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string }
    expect(manifest.errors).toEqual([])
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/)
  } finally {
    await close()
  }
})

test('offline: a visited screen cold-starts with its data, still signed in; an offline profile change is sent once', async () => {
  test.setTimeout(120_000)
  const { context, close } = await persistentBrowser()
  const email = uniqueEmail('offline')
  try {
    const page = await context.newPage()
    await signUp(page, email, PASSWORD)
    await waitForServiceWorker(page)
    for (const path of ['/profile', '/settings/account', '/dashboard', '/help-center']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
    await page.goto('/profile')
    const memberSince = page.locator('dt:text-is("Member since") + dd')
    await expect(memberSince).toHaveText(/\d/)
    // The app saves its cache to IndexedDB within a second of a change.
    await expect
      .poll(() => persistedQueryKeys(page))
      .toContainEqual(expect.stringContaining('users'))

    // No network at all: the browser is offline and the server is down.
    await context.setOffline(true)
    await controlServer('stop')
    try {
      const cold = await context.newPage()
      await cold.goto('/profile')
      await expect(cold.getByRole('heading', { name: 'Profile' })).toBeVisible()
      await expect(cold.getByText(email).first()).toBeVisible()
      await expect(cold.locator('dt:text-is("Member since") + dd')).toHaveText(/\d/)
      await expect(cold.getByText(/Offline — showing saved data from/)).toBeVisible()
      await expect(cold).toHaveURL(/\/profile$/)
      // A screen never opened on this device says so instead of loading for ever.
      const notCached = /^You are offline, and this page was never opened on this device/
      await cold.goto('/invoices')
      await expect(cold.getByRole('status').filter({ hasText: notCached })).toBeVisible()
      await cold.goto('/customers/abcdefghijklmno')
      await expect(cold.getByRole('status').filter({ hasText: notCached })).toBeVisible()

      // A change made offline waits on the device, and survives a reload.
      await cold.goto('/settings/account')
      await cold.getByLabel('Company', { exact: true }).fill('Offline Ltd')
      await cold.getByRole('button', { name: 'Save profile' }).click()
      await expect(toast(cold, 'Saved on this device')).toBeVisible()
      await expect(cold.getByText('1 change waiting to be sent')).toBeVisible()
      await cold.reload()
      await expect(cold.getByText('1 change waiting to be sent')).toBeVisible()
      await page.close()

      // Back online: the change is sent, once.
      const patches: string[] = []
      cold.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/api/collections/users/records/'))
          patches.push(r.url())
      })
      await controlServer('start')
      await context.setOffline(false)
      await expect(cold.getByText('1 change waiting to be sent')).toBeHidden({ timeout: 20_000 })
      await expect(toast(cold, 'Profile updated successfully')).toBeVisible()
      expect(patches).toHaveLength(1)
      await cold.reload()
      await expect(cold.getByLabel('Company', { exact: true })).toHaveValue('Offline Ltd')
      await cold.waitForTimeout(1000)
      expect(patches).toHaveLength(1)
    } finally {
      await context.setOffline(false)
      await controlServer('start').catch(() => {})
    }
  } finally {
    await close()
  }
})

test('sign-out leaves no private data in IndexedDB, localStorage or Cache Storage', async () => {
  const { context, close } = await persistentBrowser()
  try {
    const page = await context.newPage()
    await signUp(page, uniqueEmail('wipe'), PASSWORD)
    await waitForServiceWorker(page)
    await page.goto('/profile')
    await expect(page.getByText('Member since')).toBeVisible()
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
      .toContain('folio')
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/$/)
    const left = await page.evaluate(async () => {
      const keys = await new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('folio')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('query-cache')) return resolve([])
          const req = db.transaction('query-cache').objectStore('query-cache').getAllKeys()
          req.onsuccess = () => resolve(req.result)
          req.onerror = () => reject(req.error)
        }
      })
      return {
        keys,
        auth: localStorage.getItem('pocketbase_auth'),
        caches: (await caches.keys()).filter((n) => !n.includes('precache')),
        cookie: document.cookie.includes('pb_auth='),
      }
    })
    expect(left).toEqual({ keys: [], auth: null, caches: [], cookie: false })
  } finally {
    await close()
  }
})

test('a new version: the update prompt appears, and Reload switches to it', async () => {
  test.setTimeout(180_000)
  const h = harness()
  const v2 = mkdtempSync(join(tmpdir(), 'folio-v2-'))
  const { context, close } = await persistentBrowser()
  try {
    const page = await context.newPage()
    await signIn(page, h.demoEmail, h.demoPassword)
    await waitForServiceWorker(page)
    await page.goto('/help-center')
    await expect(page.getByText(/^Folio version /)).not.toContainText('e2e-v2')

    // Build a second version of the app and serve it.
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', v2, '--emptyOutDir'],
      {
        env: { ...process.env, FOLIO_BUILD_LABEL: '9.9.9-e2e-v2' },
        stdio: 'ignore',
      },
    )
    cpSync(v2, h.uiDir, { recursive: true })

    // The open page finds the new worker waiting and asks; it does not reload by itself.
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      await reg?.update()
    })
    const prompt = toast(page, 'A new version of Folio is available')
    await expect(prompt).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText(/^Folio version /)).not.toContainText('e2e-v2')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await expect(page.getByText('Folio version 9.9.9-e2e-v2')).toBeVisible({ timeout: 30_000 })
  } finally {
    await close()
    cpSync(h.distDir, h.uiDir, { recursive: true })
    rmSync(v2, { recursive: true, force: true })
  }
})

// npm run bench:bundle — what a first visit loads, measured in real Chromium against the real
// server (compressed transfer sizes: Brotli, which Chromium asks for), plus the same scripts as
// gzip (what a client without Brotli gets) and the service worker's precache size. Needs the two
// builds (npm run build && npm run server:build); prints figures and the budget verdict.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { get } from 'node:http'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { DEMO_PASSWORD, demoServer, root } from './server.mjs'

/**
 * Issue 25's first-visit budgets, in Brotli as Chromium gets it, with React as the renderer (React
 * DOM alone is ~55 KB of it): the sign-in page, the signed-in dashboard, and the customer's
 * document page, which is not the back office (React, the sheet and the answer form; the PDF and
 * QR modules load on demand).
 */
const BUDGETS = { signIn: 100_000, dashboard: 160_000, publicPage: 80_000 }

const password = DEMO_PASSWORD
const { server, dataDir } = await demoServer()
const base = server.base
await server.start()

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})

/**
 * Loads `path` in a fresh context and sums what it fetched. `ready` waits for the page to be
 * complete: the dashboard's figures (and its chart) come after the heading.
 */
async function firstVisit(path, storageState, ready) {
  const context = await browser.newContext({ storageState, serviceWorkers: 'block' })
  const page = await context.newPage()
  const entries = []
  page.on('requestfinished', async (req) => {
    const type = req.resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    const sizes = await req.sizes().catch(() => null)
    entries.push({ type, url: req.url(), bytes: sizes?.responseBodySize ?? 0 })
  })
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  if (ready) {
    await ready(page)
    await page.waitForLoadState('networkidle')
  }
  await page.waitForTimeout(300)
  await context.close()
  if (process.env.BENCH_VERBOSE)
    for (const e of entries) console.log(`    ${e.bytes}\t${e.url.replace(base, '')}`)
  const sum = (t) => entries.filter((e) => e.type === t).reduce((n, e) => n + e.bytes, 0)
  const scripts = entries.filter((e) => e.type === 'script').map((e) => e.url)
  const gzipJs = (await Promise.all(scripts.map(gzipBytes))).reduce((n, b) => n + b, 0)
  return { js: sum('script'), css: sum('stylesheet'), files: entries.length, gzipJs }
}

/** The bytes of a file as the server sends it to a client that accepts only gzip. */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let n = 0
      res.on('data', (chunk) => (n += chunk.length))
      res.on('end', () => resolve(n))
    }).on('error', reject)
  })
}

async function demoAuth() {
  const res = await fetch(`${base}/api/collections/users/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: 'demo@folio.test', password }),
  })
  return res.json()
}

async function signedInState() {
  const auth = await demoAuth()
  return {
    cookies: [],
    origins: [
      { origin: base, localStorage: [{ name: 'pocketbase_auth', value: JSON.stringify(auth) }] },
    ],
  }
}

/** A customer link to one of the demo account's sent invoices. */
async function publicLink() {
  const auth = await demoAuth()
  const headers = { Authorization: auth.token, 'content-type': 'application/json' }
  const list = await fetch(
    `${base}/api/collections/invoices/records?perPage=1&filter=${encodeURIComponent("status='sent'")}`,
    { headers },
  ).then((r) => r.json())
  const id = list.items?.[0]?.id
  if (!id) throw new Error('The demo account has no sent invoice')
  const link = await fetch(`${base}/api/folio/invoices/${id}/link`, { method: 'POST', headers })
  const { token } = await link.json()
  return `/d/${token}`
}

function precache() {
  const sw = readFileSync(join(root, 'dist', 'sw.js'), 'utf8')
  const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1])
  let raw = 0
  let gz = 0
  for (const u of urls) {
    const file = join(root, 'dist', u)
    raw += statSync(file).size
    if (existsSync(`${file}.br`)) gz += statSync(`${file}.br`).size
    else gz += /\.(woff2|png)$/.test(u) ? statSync(file).size : gzipSync(readFileSync(file)).length
  }
  return { entries: urls.length, raw, gz }
}

try {
  const signIn = await firstVisit('/sign-in')
  const dashboard = await firstVisit('/dashboard', await signedInState(), (page) =>
    page.locator('section[aria-labelledby="monthly-heading"] svg').first().waitFor(),
  )
  const publicPage = await firstVisit(await publicLink())
  const pc = precache()
  const kb = (n) => `${n.toLocaleString('en')} B`
  console.log('First visit, transfer sizes as served to Chromium (Brotli); JS as gzip alone:')
  for (const [path, v, what] of [
    ['/sign-in  ', signIn, ''],
    ['/dashboard', dashboard, ''],
    ['/d/<token>', publicPage, ", the customer's page"],
  ])
    console.log(
      `  ${path}  JS ${kb(v.js)}  CSS ${kb(v.css)}  (${v.files} files${what})  gzip JS ${kb(v.gzipJs)}`,
    )
  console.log(
    `Precache: ${pc.entries} entries, ${kb(pc.raw)} on disk, ~${kb(pc.gz)} to download (Brotli copies where the build has them)`,
  )
  let ok = true
  for (const [path, v, budget] of [
    ['/sign-in', signIn, BUDGETS.signIn],
    ['/dashboard', dashboard, BUDGETS.dashboard],
    ['/d/<token>', publicPage, BUDGETS.publicPage],
  ]) {
    const within = v.js <= budget
    ok &&= within
    console.log(
      `Budget ${path} JS ≤ ${kb(budget)}: ${within ? 'within' : 'OVER'} (${kb(budget - v.js)} left)`,
    )
  }
  process.exitCode = ok ? 0 : 1
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

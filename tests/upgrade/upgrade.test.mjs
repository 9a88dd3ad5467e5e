// Upgrading a real install: the previous release (one account, one business) makes a data dir
// with the demo data; this release opens it and must show the same business, nothing lost.
// Run by `npm test` after the build (node --test); needs git history (a clone, not an archive).
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { binary, root } from '../../scripts/lib.mjs'

/** The last release where an account was its business (before the businesses migration). */
const PREVIOUS_RELEASE = 'eb8ed3e65d44e6525f42e9d56bbde86d2da37b38'
const DEMO = { email: 'demo@folio.test', password: 'demo-password-upgrade' }
const RECORDS = [
  'customers',
  'quotes',
  'invoices',
  'payments',
  'credit_notes',
  'refunds',
  'recurring_invoices',
  'document_events',
]

const work = mkdtempSync(join(tmpdir(), 'folio-upgrade-'))
after(() => rmSync(work, { recursive: true, force: true }))

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28, ...opts })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.stdout}`)
  return r.stdout
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/** Builds the previous release's server (no UI: the API is what is compared). */
function buildPrevious() {
  const dir = join(work, 'previous')
  mkdirSync(dir)
  const tar = spawnSync('git', ['archive', PREVIOUS_RELEASE, 'server'], {
    cwd: root,
    maxBuffer: 1 << 30,
  })
  if (tar.status !== 0) throw new Error(`git archive: ${tar.stderr}`)
  sh('tar', ['-x', '-C', dir], { input: tar.stdout })
  const out = join(work, 'folio-previous')
  sh('go', ['build', '-tags', 'noui', '-o', out, '.'], { cwd: join(dir, 'server') })
  return out
}

/** Starts a server binary on dataDir; returns its base URL and a stop function. */
async function serve(bin, dataDir) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let log = ''
  const child = spawn(bin, ['serve', `--http=127.0.0.1:${port}`, `--dir=${dataDir}`], {
    env: {
      ...process.env,
      FOLIO_APP_URL: base,
      FOLIO_DEMO_PASSWORD: DEMO.password,
      FOLIO_RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  const until = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`server did not start:\n${log}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve)
      child.kill('SIGTERM')
    })
  return { base, stop, log: () => log }
}

async function api(base, token, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { Authorization: token } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return text ? JSON.parse(text) : null
}

async function signIn(base) {
  const auth = await api(base, '', 'POST', '/api/collections/users/auth-with-password', {
    identity: DEMO.email,
    password: DEMO.password,
  })
  return auth
}

/**
 * `after` as the previous release would have answered it: every field it had keeps its value
 * (compared as it is), and fields added since (an event's actor, a deposit's figures) are left out.
 */
function asBefore(after, before) {
  if (Array.isArray(before))
    return Array.isArray(after) ? after.map((v, i) => asBefore(v, before[i])) : after
  if (before && typeof before === 'object' && after && typeof after === 'object')
    return Object.fromEntries(Object.keys(before).map((k) => [k, asBefore(after[k], before[k])]))
  return after
}

/** Every record of a collection as the app lists it, sorted by id, without what may change. */
async function records(base, token, name) {
  const all = []
  for (let page = 1; ; page++) {
    const res = await api(
      base,
      token,
      'GET',
      `/api/collections/${name}/records?perPage=500&page=${page}&sort=id`,
    )
    all.push(...res.items)
    if (page >= res.totalPages) break
  }
  return all.map((r) => {
    const { owner, business, updated, collectionId, ...rest } = r
    void updated
    void collectionId
    return { ...rest, belongsTo: owner ?? business }
  })
}

test(
  'a data dir of the previous release opens with nothing lost',
  { timeout: 600_000 },
  async () => {
    assert.ok(existsSync(binary), `${binary} is missing: run "npm run server:build" first`)
    const previous = buildPrevious()
    const dataDir = join(work, 'pb_data')

    // The previous release: the demo account, its data, a public link to a sent invoice.
    const before = await serve(previous, dataDir)
    let auth = await signIn(before.base)
    const userId = auth.record.id
    const open = await api(
      before.base,
      auth.token,
      'GET',
      `/api/collections/invoices/records?perPage=1&filter=${encodeURIComponent("status='partial'")}`,
    )
    assert.equal(open.items.length, 1, 'the demo has a partly paid invoice')
    const link = `/api/folio/invoices/${open.items[0].id}/link`
    const { token: linkToken } = await api(before.base, auth.token, 'POST', link)
    const publicBefore = await api(
      before.base,
      '',
      'GET',
      `/api/folio/public/documents/${linkToken}`,
    )
    // Read after the customer's visit, which the document's history records.
    const seen = {}
    for (const name of RECORDS) seen[name] = await records(before.base, auth.token, name)
    const dashBefore = await api(before.base, auth.token, 'GET', '/api/folio/dashboard')
    const settingsBefore = auth.record
    // Something to lose: the demo's year of records, its sums and its settings.
    assert.ok(seen.invoices.length > 20 && seen.payments.length > 10 && seen.customers.length > 10)
    assert.ok(dashBefore.invoiced_cents > 0 && dashBefore.outstanding_cents > 0)
    assert.ok(settingsBefore.company_name && settingsBefore.iban && settingsBefore.invoice_prefix)
    await before.stop()

    // This release on the same data dir.
    const now = await serve(binary, dataDir)
    try {
      auth = await signIn(now.base)
      assert.equal(auth.record.id, userId)
      const memberships = await api(
        now.base,
        auth.token,
        'GET',
        '/api/collections/memberships/records',
      )
      assert.deepEqual(
        memberships.items.map((m) => [m.user, m.business, m.role]),
        [[userId, userId, 'owner']],
        'the account owns the business that has its id',
      )
      const business = await api(
        now.base,
        auth.token,
        'GET',
        `/api/collections/businesses/records/${userId}`,
      )
      for (const field of [
        'company_name',
        'invoice_prefix',
        'iban',
        'bic',
        'default_currency',
        'time_zone',
      ]) {
        assert.equal(business[field], settingsBefore[field], `business ${field}`)
      }
      for (const name of RECORDS) {
        const after = await records(now.base, auth.token, name)
        assert.equal(after.length, seen[name].length, `${name}: same count`)
        assert.deepEqual(
          asBefore(after, seen[name]),
          seen[name],
          `${name}: same records, same numbers and sums`,
        )
      }
      const publicAfter = await api(now.base, '', 'GET', `/api/folio/public/documents/${linkToken}`)
      assert.deepEqual(
        asBefore(publicAfter, publicBefore),
        publicBefore,
        'the public link shows the same document',
      )
      const dashAfter = await api(
        now.base,
        auth.token,
        'GET',
        `/api/folio/dashboard?business=${userId}`,
      )
      assert.deepEqual(
        asBefore(dashAfter, dashBefore),
        dashBefore,
        'the dashboard adds up the same',
      )
    } catch (error) {
      console.error(now.log())
      throw error
    } finally {
      await now.stop()
    }
  },
)

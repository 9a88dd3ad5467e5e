// npm run bench:load — the server under load: seeds a temporary data dir with BUSINESSES
// businesses (default 20; each its owner's, through `folio seed`, INVOICES invoices each,
// default 50), serves it on loopback and runs CLIENTS signed-in clients (default 200) for
// SECONDS (default 30). Each client, one request after another without pause, picks: 60% the
// invoice list as the app asks for it, 25% the dashboard, 15% an invoice creation, on its
// business (client i works for business i mod BUSINESSES). Prints p50/p95/p99 per kind, the
// errors and the throughput, and the targets: 0 errors, reads p95 ≤ 200 ms, writes p95
// ≤ 1,000 ms. THINK_MS (default 0) makes each client pause that long between its requests
// (with none, 200 clients keep 200 requests under way: mean latency = 200 / throughput).
// Needs the server build (npm run server:build; FOLIO_BINARY=path times another
// build). Stops itself: the server is stopped and the data dir removed at the end, and the
// whole run is abandoned after SECONDS + 10 minutes.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiJSON, binary, folioServer, freePort, signIn } from './server.mjs'

const CLIENTS = Number(process.env.CLIENTS ?? 200)
const SECONDS = Number(process.env.SECONDS ?? 30)
const BUSINESSES = Number(process.env.BUSINESSES ?? 20)
const INVOICES = Number(process.env.INVOICES ?? 50)
const THINK_MS = Number(process.env.THINK_MS ?? 0)
const GOAL_READ_MS = 200
const GOAL_WRITE_MS = 1000
const password = 'bench-password-1'
const emailOf = (i) => `load-${i + 1}@folio.test`

const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-load-'))
const server = folioServer({ port: await freePort(), dataDir, env: { FOLIO_DEMO: 'off' } })
const base = server.base

async function cleanUp() {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
const abandon = setTimeout(
  () => {
    console.error('bench:load: still running 10 minutes after its end, abandoned')
    cleanUp().then(() => process.exit(1))
  },
  (SECONDS + 600) * 1000,
)
abandon.unref()
process.on('SIGINT', () => cleanUp().then(() => process.exit(130)))

/** One business: its owner, verified, and INVOICES invoices with their customers and payments. */
function seed(i) {
  return new Promise((resolve, reject) => {
    const args = ['seed', `--invoices=${INVOICES}`, `--dir=${dataDir}`, `--email=${emailOf(i)}`]
    const child = spawn(binary, [...args, `--password=${password}`, `--seed=${i + 1}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))))
  })
}

const json = (method, path, body, token) => apiJSON(base, method, path, body, token)

const q = (params) => `?${new URLSearchParams(params)}`
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]

// The requests, as the web app sends them: the list's "All" tab (src/billing/queries.ts: page 1
// of 30, the default sort, the customer expanded, no total; the membership rule is the
// server's), the dashboard of the business, and a new draft invoice with one line.
const kinds = {
  list: { share: 0.6, goal: GOAL_READ_MS },
  dashboard: { share: 0.25, goal: GOAL_READ_MS },
  create: { share: 0.15, goal: GOAL_WRITE_MS },
}
const listPath = `/api/collections/invoices/records${q({
  page: 1,
  perPage: 30,
  sort: '-issue_date,-seq',
  expand: 'customer',
  skipTotal: 1,
})}`
function request(kind, acct, n) {
  const headers = { authorization: acct.token }
  if (kind === 'list') return fetch(`${base}${listPath}`, { headers })
  if (kind === 'dashboard') {
    return fetch(`${base}/api/folio/dashboard${q({ business: acct.business })}`, { headers })
  }
  const body = {
    business: acct.business,
    customer: acct.customers[n % acct.customers.length],
    items: [
      { description: 'Consulting', quantity: 1, unit_price_cents: 10000 + (n % 100), tax_rate: 19 },
    ],
  }
  return fetch(`${base}/api/collections/invoices/records`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

try {
  let t0 = performance.now()
  for (let i = 0; i < BUSINESSES; i++) await seed(i)
  console.log(
    `Seed: ${BUSINESSES} businesses × ${INVOICES} invoices in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
  await server.start()

  const accounts = []
  for (let i = 0; i < BUSINESSES; i++) {
    const { token, business } = await signIn(base, emailOf(i), password)
    const customers = await json(
      'GET',
      `/api/collections/customers/records${q({ perPage: 200, fields: 'id', skipTotal: 1 })}`,
      undefined,
      token,
    )
    accounts.push({ token, business, customers: customers.items.map((c) => c.id) })
  }

  const ms = { list: [], dashboard: [], create: [] }
  const errors = new Map()
  let n = 0
  t0 = performance.now()
  const end = t0 + SECONDS * 1000
  async function client(c) {
    const acct = accounts[c % accounts.length]
    while (performance.now() < end) {
      const r = Math.random()
      const kind = r < kinds.list.share ? 'list' : r < 0.85 ? 'dashboard' : 'create'
      const start = performance.now()
      let status
      try {
        const res = await request(kind, acct, n++)
        await res.arrayBuffer()
        status = res.status
      } catch (err) {
        status = err.cause?.code ?? err.name
      }
      ms[kind].push(performance.now() - start)
      if (typeof status !== 'number' || status >= 400) {
        const key = `${kind} ${status}`
        errors.set(key, (errors.get(key) ?? 0) + 1)
      }
      if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS))
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)))
  const elapsed = (performance.now() - t0) / 1000

  const total = Object.values(ms).reduce((a, l) => a + l.length, 0)
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0)
  console.log(
    `${CLIENTS} clients on ${BUSINESSES} businesses for ${elapsed.toFixed(1)} s ` +
      `(pause ${THINK_MS} ms): ` +
      `${total} requests, ${(total / elapsed).toFixed(0)} requests/s\n`,
  )
  console.log('kind           count    req/s      p50      p95      p99      max')
  const f = (x) => x.toFixed(0).padStart(8)
  const verdicts = []
  for (const [kind, list] of Object.entries(ms)) {
    list.sort((a, b) => a - b)
    const p95 = percentile(list, 95)
    console.log(
      `${kind.padEnd(10)}${String(list.length).padStart(10)}${f(list.length / elapsed)} ` +
        `${f(percentile(list, 50))} ${f(p95)} ${f(percentile(list, 99))} ${f(list.at(-1))} ms`,
    )
    const goal = kinds[kind].goal
    verdicts.push(`${kind} p95 ≤ ${goal} ms: ${p95 <= goal ? 'met' : 'NOT met'}`)
  }
  console.log(`\nErrors: ${errorCount}`)
  for (const [key, count] of errors) console.log(`  ${key}: ${count}`)
  console.log(`Targets: 0 errors: ${errorCount === 0 ? 'met' : 'NOT met'}; ${verdicts.join('; ')}`)
} finally {
  clearTimeout(abandon)
  await cleanUp()
}

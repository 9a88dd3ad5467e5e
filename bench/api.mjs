// npm run bench:api — API latency over a large ledger: seeds a temporary data dir with 100,000
// invoices, serves it on loopback and times, one request at a time, a filtered and sorted invoice
// list page, the dashboard and a payment creation (p50 and p95, in ms). Needs the server build
// (npm run server:build). Prints the figures and the goals; RUNS (default 200) and INVOICES
// (default 100000) change the size of the run.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { binary, folioServer, freePort } from './server.mjs'

const RUNS = Number(process.env.RUNS ?? 200)
const WARMUP = 20
const INVOICES = Number(process.env.INVOICES ?? 100_000)
const GOAL_LIST_MS = 20
const GOAL_DASHBOARD_MS = 100
const email = 'bench@folio.test'
const password = 'bench-password-1'

const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-api-'))
const server = folioServer({ port: await freePort(), dataDir, env: { FOLIO_DEMO: 'off' } })
const base = server.base

function seed() {
  return new Promise((resolve, reject) => {
    const args = ['seed', `--invoices=${INVOICES}`, `--dir=${dataDir}`, `--email=${email}`]
    const child = spawn(binary, [...args, `--password=${password}`], {
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))))
  })
}

let token = ''
async function api(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  return { status: res.status, ok: res.ok, text }
}
async function json(method, path, body) {
  const r = await api(method, path, body)
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`)
  return JSON.parse(r.text)
}

const q = (params) => `?${new URLSearchParams(params)}`
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]

/** Times RUNS sequential requests (after WARMUP untimed ones); request(i) returns api(...). */
async function measure(request) {
  for (let i = 0; i < WARMUP; i++) await request(-1 - i)
  const ms = []
  const failures = new Map()
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    const r = await request(i)
    ms.push(performance.now() - t0)
    if (!r.ok) {
      let code = String(r.status)
      try {
        const data = JSON.parse(r.text).data ?? {}
        const first = Object.entries(data)[0]
        if (first) code += ` ${first[0]}: ${first[1].code}`
      } catch {
        // not JSON
      }
      failures.set(code, (failures.get(code) ?? 0) + 1)
    }
  }
  ms.sort((a, b) => a - b)
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1), failures }
}

const rows = []
function report(name, r, goal) {
  const met = goal === undefined ? '' : r.p95 <= goal ? 'met' : 'NOT met'
  rows.push({ name, ...r, goal, met })
}

process.on('SIGINT', () => {
  server.stop().then(() => {
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(130)
  })
})

try {
  const t0 = performance.now()
  await seed()
  console.log(`Seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  await server.start()

  const auth = await json('POST', '/api/collections/users/auth-with-password', {
    identity: email,
    password,
  })
  token = auth.token
  const owner = auth.record.id

  // What the loops pick from: the filtered list's page count, customers, open invoices.
  const statusFilter = "(status='sent' && total_cents>1000)"
  const first = await json(
    'GET',
    `/api/collections/invoices/records${q({ perPage: 30, filter: statusFilter, sort: '-issue_date' })}`,
  )
  const statusPages = Math.min(first.totalPages, 20)
  const customers = (
    await json(
      'GET',
      `/api/collections/customers/records${q({ perPage: 200, fields: 'id', skipTotal: 1 })}`,
    )
  ).items.map((c) => c.id)
  const open = (
    await json(
      'GET',
      `/api/collections/invoices/records${q({
        perPage: 500,
        skipTotal: 1,
        fields: 'id,balance_cents',
        filter: "(status='sent' || status='viewed' || status='partial') && balance_cents>=1000",
        sort: '-balance_cents',
      })}`,
    )
  ).items
  const dash = await json('GET', '/api/folio/dashboard')
  const otherCurrency = dash.currencies.find((c) => c !== dash.currency) ?? dash.currency

  console.log(
    `Data: ${first.totalItems.toLocaleString('en')} invoices match ${statusFilter} ` +
      `(${first.totalPages} pages; pages 1–${statusPages} timed), ${customers.length} customers, ` +
      `${open.length} open invoices with ≥ 10.00 due; dashboard default ${dash.currency}, ` +
      `also ${otherCurrency}`,
  )
  console.log(`Each figure: ${RUNS} sequential requests after ${WARMUP} warm-up ones\n`)

  report(
    'invoices list, status+total filter, -issue_date',
    await measure((i) =>
      api(
        'GET',
        `/api/collections/invoices/records${q({
          page: 1 + (Math.abs(i) % statusPages),
          perPage: 30,
          filter: statusFilter,
          sort: '-issue_date',
        })}`,
      ),
    ),
    GOAL_LIST_MS,
  )
  report(
    'invoices list, customer filter, -issue_date',
    await measure((i) =>
      api(
        'GET',
        `/api/collections/invoices/records${q({
          page: 1 + (Math.abs(i) % 3),
          perPage: 30,
          filter: `customer='${customers[Math.abs(i) % customers.length]}'`,
          sort: '-issue_date',
        })}`,
      ),
    ),
    GOAL_LIST_MS,
  )
  report(
    'dashboard, default period',
    await measure(() => api('GET', '/api/folio/dashboard')),
    GOAL_DASHBOARD_MS,
  )
  const year = Number(dash.today.slice(0, 4))
  report(
    `dashboard, last year, ${otherCurrency}`,
    await measure(() =>
      api(
        'GET',
        `/api/folio/dashboard${q({ from: `${year - 1}-01-01`, to: `${year - 1}-12-31`, currency: otherCurrency })}`,
      ),
    ),
    GOAL_DASHBOARD_MS,
  )

  // Payments of 1.00–1.99 spread over the open invoices, never more than what is still due.
  const due = open.map((inv) => ({ id: inv.id, left: inv.balance_cents }))
  if (due.length === 0) throw new Error('no open invoice to pay')
  let next = 0
  report(
    'payment create',
    await measure((i) => {
      const amount = 100 + (Math.abs(i) % 100)
      let inv = due[next++ % due.length]
      for (let k = 0; inv.left < amount && k < due.length; k++) inv = due[next++ % due.length]
      inv.left -= amount
      return api('POST', '/api/collections/payments/records', {
        owner,
        invoice: inv.id,
        date: dash.today,
        amount_cents: amount,
        method: 'bank_transfer',
      })
    }),
  )

  const w = Math.max(...rows.map((r) => r.name.length))
  const f = (n) => n.toFixed(1).padStart(7)
  console.log(`${''.padEnd(w)}      p50      p95      max`)
  for (const r of rows) {
    const goal = r.goal === undefined ? '' : `  goal p95 ≤ ${r.goal} ms: ${r.met}`
    console.log(`${r.name.padEnd(w)}  ${f(r.p50)}  ${f(r.p95)}  ${f(r.max)} ms${goal}`)
    for (const [code, n] of r.failures) console.log(`${''.padEnd(w)}  refused ${n}× (${code})`)
  }
  const refused = [...rows.at(-1).failures.values()].reduce((a, b) => a + b, 0)
  console.log(`\nPayments refused: ${refused} of ${RUNS}`)
  const goal = (name, ok, ms) =>
    console.log(`Goal ${name} p95 ≤ ${ms} ms: ${ok ? 'met' : 'NOT met'}`)
  goal(
    'list',
    rows.slice(0, 2).every((r) => r.met === 'met'),
    GOAL_LIST_MS,
  )
  goal(
    'dashboard',
    rows.slice(2, 4).every((r) => r.met === 'met'),
    GOAL_DASHBOARD_MS,
  )
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

// npm run bench:api — API latency over a large ledger: seeds a temporary data dir with 100,000
// invoices, serves it on loopback and times, one request at a time, invoice list pages (the
// requests the web app sends: a status tab or a customer, sorted -issue_date,-seq, page 1 of 30,
// with and without the total count), the dashboard and a payment creation (p50 and p95, in ms).
// Needs the server build (npm run server:build; FOLIO_BINARY=path times another build). Prints the
// figures, what each row requests, and the goals; RUNS (default 200) and INVOICES (default
// 100000) change the size of the run.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiJSON, apiRequest, binary, folioServer, freePort, signIn } from './server.mjs'

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
const api = (method, path, body) => apiRequest(base, method, path, body, token)
const json = (method, path, body) => apiJSON(base, method, path, body, token)

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
/** One row of the table: `what` is printed below it, `kind` groups the rows a goal is about. */
function report(name, what, r, goal, kind) {
  const met = goal === undefined ? '' : r.p95 <= goal ? 'met' : 'NOT met'
  rows.push({ name, what, ...r, goal, met, kind })
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

  const account = await signIn(base, email, password)
  token = account.token
  const business = account.business

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
  const dash = await json('GET', `/api/folio/dashboard${q({ business })}`)
  const otherCurrency = dash.currencies.find((c) => c !== dash.currency) ?? dash.currency

  console.log(
    `Data: ${first.totalItems.toLocaleString('en')} invoices match ${statusFilter} ` +
      `(${first.totalPages} pages; pages 1–${statusPages} timed), ${customers.length} customers, ` +
      `${open.length} open invoices with ≥ 10.00 due; dashboard default ${dash.currency}, ` +
      `also ${otherCurrency}`,
  )
  console.log(`Each figure: ${RUNS} sequential requests after ${WARMUP} warm-up ones\n`)

  // The web app's list request (src/lib/billing/api.ts): page 1 of 30, the tab's filter, the
  // default sort with the number as tie-breaker, the customer expanded; the membership rule is
  // added by the server. Each variant is timed with the total count (PocketBase's COUNT query) and with
  // skipTotal=1 (no count).
  const appList = (filter, extra = {}) =>
    `/api/collections/invoices/records${q({
      page: 1,
      perPage: 30,
      ...(filter ? { filter } : {}),
      sort: '-issue_date,-seq',
      expand: 'customer',
      ...extra,
    })}`
  // The tabs' filters as src/lib/billing/list-state.ts writes them ("Overdue" with != , which
  // SQLite plans well whatever its statistics; see the server's migration 1795300005). The app
  // asks for pages with skipTotal (the tab counts give the total): those rows carry the goal;
  // the same requests with PocketBase's total are printed for comparison.
  const today = `'${dash.today} 00:00:00.000Z'`
  const tabs = [
    ['"Sent"', "status = 'sent'"],
    ['"Outstanding"', "(status = 'sent' || status = 'viewed' || status = 'partial')"],
    ['"All"', ''],
    [
      '"Overdue"',
      `status != 'draft' && status != 'paid' && status != 'void' && balance_cents > 0 && due_date < ${today}`,
    ],
  ]
  const readable = (path) =>
    decodeURIComponent(path.replace(/^\/api\/collections/, '').replaceAll('+', ' '))
  for (const [tab, filter] of tabs) {
    for (const skip of [true, false]) {
      const extra = skip ? { skipTotal: 1 } : {}
      report(
        `invoices list, ${tab} tab${skip ? ' (as the app asks)' : ', with total (comparison)'}`,
        `GET ${readable(appList(filter, extra))}`,
        await measure(() => api('GET', appList(filter, extra))),
        skip ? GOAL_LIST_MS : undefined,
        'list',
      )
    }
  }
  report(
    'invoices list, a customer, with total',
    `GET /invoices/records?page=1..3&perPage=30&filter=customer='<one of ${customers.length}>'` +
      `&sort=-issue_date,-seq&expand=customer`,
    await measure((i) =>
      api(
        'GET',
        `/api/collections/invoices/records${q({
          page: 1 + (Math.abs(i) % 3),
          perPage: 30,
          filter: `customer='${customers[Math.abs(i) % customers.length]}'`,
          sort: '-issue_date,-seq',
          expand: 'customer',
        })}`,
      ),
    ),
    GOAL_LIST_MS,
    'list',
  )
  report(
    'invoices list, status+total filter (issue row)',
    `GET /invoices/records?page=1..${statusPages}&perPage=30&filter=${statusFilter}` +
      `&sort=-issue_date (the request of the issue's first figures, with total)`,
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
    'list',
  )
  report(
    'tab count, "Paid" (no goal)',
    `GET /invoices/records?page=1&perPage=1&fields=id&filter=status='paid' (a tab's count, ` +
      `as the app asks for each tab)`,
    await measure(() =>
      api(
        'GET',
        `/api/collections/invoices/records${q({ page: 1, perPage: 1, fields: 'id', filter: "status='paid'" })}`,
      ),
    ),
  )
  report(
    'dashboard, default period',
    `GET /api/folio/dashboard?business=… (this calendar year, ${dash.currency})`,
    await measure(() => api('GET', `/api/folio/dashboard${q({ business })}`)),
    GOAL_DASHBOARD_MS,
    'dashboard',
  )
  const year = Number(dash.today.slice(0, 4))
  const lastYear = q({
    business,
    from: `${year - 1}-01-01`,
    to: `${year - 1}-12-31`,
    currency: otherCurrency,
  })
  report(
    `dashboard, last year, ${otherCurrency}`,
    `GET /api/folio/dashboard${lastYear}`,
    await measure(() => api('GET', `/api/folio/dashboard${lastYear}`)),
    GOAL_DASHBOARD_MS,
    'dashboard',
  )

  // Payments of 1.00–1.99 spread over the open invoices, never more than what is still due.
  const due = open.map((inv) => ({ id: inv.id, left: inv.balance_cents }))
  if (due.length === 0) throw new Error('no open invoice to pay')
  let next = 0
  report(
    'payment create',
    'POST /payments/records {business, invoice: <an open one>, date: today, amount_cents: 100..199}',
    await measure((i) => {
      const amount = 100 + (Math.abs(i) % 100)
      let inv = due[next++ % due.length]
      for (let k = 0; inv.left < amount && k < due.length; k++) inv = due[next++ % due.length]
      inv.left -= amount
      return api('POST', '/api/collections/payments/records', {
        business,
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
  console.log('\nWhat each row requests (list paths under /api/collections):')
  for (const r of rows) console.log(`  ${r.name}: ${r.what}`)
  const refused = [...rows.at(-1).failures.values()].reduce((a, b) => a + b, 0)
  console.log(`\nPayments refused: ${refused} of ${RUNS}`)
  const goal = (kind, ms) => {
    const mine = rows.filter((r) => r.kind === kind && r.goal !== undefined)
    const missed = mine.filter((r) => r.met !== 'met').map((r) => r.name)
    const verdict = missed.length ? `NOT met (${missed.join('; ')})` : 'met'
    console.log(`Goal ${kind} p95 ≤ ${ms} ms (${mine.length} rows): ${verdict}`)
  }
  goal('list', GOAL_LIST_MS)
  goal('dashboard', GOAL_DASHBOARD_MS)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

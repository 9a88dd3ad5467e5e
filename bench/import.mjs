// npm run bench:import (or node bench/import.mjs) — importing customers at scale (issue 31):
// seeds a temporary data dir with one business (`folio seed`), writes a CSV of ROWS customers
// (default 20,000, about 3 MB, in a sevDesk-like export: semicolons, German headers, UTF-8), and
// sends it through the real server: POST /api/folio/import/preview (every row checked, nothing
// written), then /run (all or nothing), asking GET /api/folio/import/{id}/progress every half
// second meanwhile, as the web app does. Prints the time of each request, from upload to answer,
// what the progress said,
// and the server process's peak memory (RSS sampled every 10 ms, and the kernel's high-water mark
// VmHWM). Targets: the run under 20 s, under 300 MB. Needs the server build (npm run
// server:build; FOLIO_BINARY=path times another build). The server is stopped and the data dir
// removed at the end.
import { benchServer, procMB, seedAccount, signIn, timedUpload } from './server.mjs'

const ROWS = Number(process.env.ROWS ?? 20000)
const GOAL_MS = 20000
const GOAL_MB = 300
const email = 'import-bench@folio.test'
const password = 'bench-password-1'

const { server, base, dataDir, cleanUp } = await benchServer('import')

const cities = ['Berlin', 'Köln', 'München', 'Hamburg', 'Leipzig', 'Düsseldorf', 'Dresden']

/** The CSV: ROWS customers, each with a company, a contact, an address, an email and a VAT ID. */
function customersCSV() {
  const lines = [
    '"Kunden-Nr.";"Nachname";"Vorname";"Organisation";"Umsatzsteuer-ID";"Straße";"PLZ";"Ort";"Land";"Telefon";"E-Mail";"Webseite";"Zahlungsziel (Tage)"',
  ]
  for (let i = 1; i <= ROWS; i++) {
    const n = String(i).padStart(6, '0')
    lines.push(
      `${10000 + i};Schröder ${i};Anna;Bench Kunde ${n} GmbH;DE${100000000 + i};` +
        `Hauptstraße ${i % 300};${10000 + (i % 89999)};${cities[i % cities.length]};DE;` +
        `+49 30 ${n};kunde${n}@bench.folio.test;www.kunde${n}.example;14`,
    )
  }
  return Buffer.from(lines.join('\r\n') + '\r\n')
}

try {
  await seedAccount({ dataDir, email, password, invoices: 1 })
  await server.start()
  const { token, business } = await signIn(base, email, password)
  const file = customersCSV()
  console.log(`a CSV of ${ROWS} customers (${(file.length / 1e6).toFixed(1)} MB)`)
  const pid = server.pid()
  const upload = (path, fields) =>
    timedUpload({
      url: `${base}${path}?business=${business}`,
      token,
      pid,
      file,
      name: 'kunden.csv',
      type: 'text/csv',
      fields: { business, ...fields },
    })
  /** Asks how far the run id has got every half second until stopped; what it heard, in order. */
  const watch = (id) => {
    const heard = []
    const timer = setInterval(async () => {
      const res = await fetch(`${base}/api/folio/import/${id}/progress`, {
        headers: { authorization: token },
      })
      if (res.ok) heard.push(await res.json())
    }, 500)
    return { heard, stop: () => clearInterval(timer) }
  }
  const rssBefore = procMB(pid, 'VmRSS')
  const preview = await upload('/api/folio/import/preview', {})
  console.log(
    `\npreview: ${preview.ms.toFixed(0)} ms; ${preview.result.total} rows, ${preview.result.created} ready, ` +
      `${preview.result.failed} with problems; peak RSS ${preview.peak.toFixed(0)} MB`,
  )
  const runId = 'benchrun' + String(Date.now()).slice(-7)
  const progress = watch(runId)
  const run = await upload('/api/folio/import/run', { mode: 'all', id: runId })
  progress.stop()
  const running = progress.heard.filter((p) => p.status === 'running')
  const hwm = procMB(pid, 'VmHWM')
  console.log(
    `run: ${run.ms.toFixed(0)} ms; created ${run.result.created}, failed ${run.result.failed}; ` +
      `peak RSS ${run.peak.toFixed(0)} MB`,
  )
  console.log(
    `progress: ${running.length} answers while running (${running
      .map((p) => p.done)
      .join(', ')} of ${running[0]?.total ?? '?'} rows)`,
  )
  console.log(
    `server RSS: ${rssBefore.toFixed(0)} MB before, VmHWM ${hwm.toFixed(0)} MB after both`,
  )
  const peakMB = Math.max(preview.peak, run.peak, hwm)
  console.log(
    `\nTargets: the run under ${GOAL_MS / 1000} s: ${run.ms < GOAL_MS ? 'met' : 'NOT met'}; ` +
      `under ${GOAL_MB} MB peak: ${peakMB < GOAL_MB ? 'met' : 'NOT met'} (${peakMB.toFixed(0)} MB); ` +
      `every row: ${run.result.created === ROWS ? 'met' : 'NOT met'}`,
  )
} finally {
  await cleanUp()
}

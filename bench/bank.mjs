// npm run bench:bank — bank statement import at scale (issue 29): seeds a temporary data dir
// with one business (`folio seed`) until it has OPEN open invoices (default 5,000), writes a
// camt.053.001.08 statement of ENTRIES entries (default 10,000: one credit paying each open
// invoice by its number and balance, the rest credits and debits nobody can place), imports it
// through POST /api/folio/bank/import on the real server and prints the time of the request
// and the server process's peak memory (RSS, sampled from /proc every 10 ms, and the kernel's
// high-water mark VmHWM before and after), then imports it again (nothing added). Targets: under
// 5 s and under 200 MB. Needs the server build (npm run server:build; FOLIO_BINARY=path times
// another build). The server is stopped and the data dir removed at the end.
import { apiJSON, benchServer, procMB, seedAccount, signIn, timedUpload } from './server.mjs'

const OPEN = Number(process.env.OPEN ?? 5000)
const ENTRIES = Number(process.env.ENTRIES ?? 10000)
const GOAL_MS = 5000
const GOAL_MB = 200
const email = 'bank-bench@folio.test'
const password = 'bench-password-1'

const { server, base, dataDir, cleanUp } = await benchServer('bank')
const seed = (invoices, run) =>
  seedAccount({ dataDir, email, password, invoices, run, args: ['--months=2'] })

/** The business's open invoices as the matcher sees them. */
async function openInvoices(token) {
  const filter = 'balance_cents > 0 && (status = "sent" || status = "viewed" || status = "partial")'
  const out = []
  let total = 0
  for (let page = 1; ; page++) {
    const r = await apiJSON(
      base,
      'GET',
      `/api/collections/invoices/records?${new URLSearchParams({
        page,
        perPage: 500,
        filter,
        fields: 'id,number,currency,balance_cents',
        skipTotal: page > 1 ? 1 : 0,
      })}`,
      undefined,
      token,
    )
    out.push(...r.items)
    if (page === 1) total = r.totalItems
    if (r.items.length < 500) {
      if (out.length !== total) throw new Error(`read ${out.length} open invoices of ${total}`)
      return out
    }
  }
}

const money = (cents) => (cents / 100).toFixed(2)

/** The statement: entry i < invoices.length pays invoice i; the others are strangers'. */
function statement(invoices) {
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-01T06:00:00</CreDtTm></GrpHdr><Stmt><Id>BENCH-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>`,
  ]
  for (let i = 0; i < ENTRIES; i++) {
    const inv = invoices[i]
    const paying = inv && inv.currency === 'EUR'
    const credit = paying || i % 3 !== 0
    const amount = paying ? money(inv.balance_cents) : money(1000 + ((i * 7919) % 90000))
    const text = paying ? `Invoice ${inv.number}` : `Transfer ${i} misc`
    const party = paying ? `Customer of ${inv.number}` : `Stranger ${i}`
    const role = credit ? 'Dbtr' : 'Cdtr'
    parts.push(
      `<Ntry><NtryRef>${i + 1}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
        `<BookgDt><Dt>2026-10-${String((i % 28) + 1).padStart(2, '0')}</Dt></BookgDt><ValDt><Dt>2026-10-${String((i % 28) + 1).padStart(2, '0')}</Dt></ValDt>` +
        `<AcctSvcrRef>BENCH${String(i).padStart(8, '0')}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>` +
        `<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="EUR">${amount}</Amt>` +
        `<RltdPties><${role}><Pty><Nm>${party}</Nm></Pty></${role}><${role}Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></${role}Acct></RltdPties>` +
        `<RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
  }
  parts.push('</Stmt></BkToCstmrStmt></Document>')
  return Buffer.from(parts.join(''))
}

/** Imports the file, sampling the server's RSS meanwhile: the answer, the time, the peak RSS. */
const timedImport = (token, business, file) =>
  timedUpload({
    url: `${base}/api/folio/bank/import?business=${business}`,
    token,
    pid: server.pid(),
    file,
    name: 'bench.xml',
    type: 'application/xml',
  })

try {
  // The seeder's invoices end in every state; seed until enough are open.
  let run = 1
  await seed(Math.ceil(OPEN * 1.6), run)
  await server.start()
  const { token, business } = await signIn(base, email, password)
  let open = await openInvoices(token)
  while (open.length < OPEN && run < 5) {
    await server.stop()
    await seed(Math.ceil((OPEN - open.length) * 2), ++run)
    await server.start()
    open = await openInvoices(token)
  }
  const file = statement(open.slice(0, OPEN))
  console.log(
    `${open.length} open invoices; a camt.053.001.08 of ${ENTRIES} entries (${(file.length / 1e6).toFixed(1)} MB), ` +
      `${Math.min(OPEN, open.length)} of them naming an open invoice`,
  )
  const pid = server.pid()
  const hwmBefore = procMB(pid, 'VmHWM')
  const rssBefore = procMB(pid, 'VmRSS')
  const first = await timedImport(token, business, file)
  const hwmAfter = procMB(pid, 'VmHWM')
  const r = first.result
  console.log(
    `\nimport: ${first.ms.toFixed(0)} ms; added ${r.added}, certain ${r.certain}, suggested ${r.suggested}, unmatched ${r.unmatched}`,
  )
  console.log(
    `server RSS: ${rssBefore.toFixed(0)} MB before, peak ${first.peak.toFixed(0)} MB during the import ` +
      `(VmHWM ${hwmBefore.toFixed(0)} → ${hwmAfter.toFixed(0)} MB)`,
  )
  const again = await timedImport(token, business, file)
  console.log(
    `import again: ${again.ms.toFixed(0)} ms; added ${again.result.added}, already there ${again.result.duplicates}`,
  )
  const peakMB = Math.max(first.peak, hwmAfter)
  console.log(
    `\nTargets: under ${GOAL_MS / 1000} s: ${first.ms < GOAL_MS ? 'met' : 'NOT met'}; ` +
      `under ${GOAL_MB} MB peak: ${peakMB < GOAL_MB ? 'met' : 'NOT met'} (${peakMB.toFixed(0)} MB); ` +
      `nothing twice: ${again.result.added === 0 ? 'met' : 'NOT met'}`,
  )
} finally {
  await cleanUp()
}

// npm run seed -- --invoices 100000 — fills the data dir (DATA_DIR, default ./pb_data, the one
// `npm start` serves) with a large sample ledger through `folio seed`; every other argument goes
// to it as is (--customers, --email, --password, --seed …; `npm run seed -- --help` lists them).
// Needs the server build (npm run server:build).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const binary = join(root, '.build', process.platform === 'win32' ? 'folio.exe' : 'folio')
const args = process.argv.slice(2)
const hasDir = args.some((a) => a === '--dir' || a.startsWith('--dir='))
const dataDir = process.env.DATA_DIR ?? './pb_data'

if (!existsSync(binary)) {
  console.error(`${binary} is missing: run npm run server:build first.`)
  process.exit(1)
}
const child = spawn(binary, ['seed', ...(hasDir ? [] : [`--dir=${dataDir}`]), ...args], {
  stdio: 'inherit',
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

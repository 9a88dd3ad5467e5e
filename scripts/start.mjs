// `npm start`: builds what is missing or stale, then serves the app and the API on one origin.
import { spawn } from 'node:child_process'
import { binary, buildServer, buildWeb, serverStale, webStale } from './lib.mjs'

const port = process.env.PORT ?? '8090'
const dataDir = process.env.DATA_DIR ?? './pb_data'

if (webStale()) await buildWeb()
if (serverStale()) await buildServer()

console.log(`\nFolio: http://127.0.0.1:${port}/  (data in ${dataDir})\n`)
const child = spawn(binary, ['serve', `--http=127.0.0.1:${port}`, `--dir=${dataDir}`], {
  stdio: 'inherit',
  env: { FOLIO_APP_URL: `http://127.0.0.1:${port}`, ...process.env },
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code) => process.exit(code ?? 0))

// `npm run dev`: the Go server (without the embedded UI, mails printed to the console) plus Vite
// with hot reload, which proxies /api and /_ to it.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { binary, root, run } from './lib.mjs'

const port = process.env.PORT ?? '8090'
const dataDir = process.env.DATA_DIR ?? './pb_data'

await run('go', ['build', '-tags', 'noui', '-o', binary, '.'], { cwd: join(root, 'server') })
const server = spawn(binary, ['serve', '--dev', `--http=127.0.0.1:${port}`, `--dir=${dataDir}`], {
  stdio: 'inherit',
  env: { FOLIO_MAIL: 'console', FOLIO_APP_URL: 'http://127.0.0.1:5173', ...process.env },
})
const vite = spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, PORT: port },
})
const stop = () => {
  server.kill('SIGTERM')
  vite.kill('SIGTERM')
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop)
server.on('exit', stop)
vite.on('exit', (code) => {
  stop()
  process.exit(code ?? 0)
})

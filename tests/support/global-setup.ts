import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, waitForHttp } from './ports'
import { startSmtpSink } from './smtp-sink'
import { registerOidcInPocketBase, startOidcProvider } from './oidc'
import { publishHarness, type HarnessEnv } from './env'
import { startStripeMock } from './stripe-mock'

const root = join(import.meta.dirname, '..', '..')
/** The release build plus a route that moves its clock (server/internal/schedule). */
const binary = join(root, '.build', 'folio-e2e')

/**
 * Starts, on loopback, everything the browser tests talk to: the real Folio binary on a free port
 * with a temporary data dir, and a real SMTP sink. A small control server lets a test stop and
 * start the Folio server (to prove what happens when it is unreachable).
 */
export default async function globalSetup() {
  if (!existsSync(binary))
    throw new Error(`${binary} is missing: run "npm run build && npm run server:build"`)
  const dir = mkdtempSync(join(tmpdir(), 'folio-e2e-'))
  const dataDir = join(dir, 'pb_data')
  const [port, smtpPort, controlPort] = [await freePort(), await freePort(), await freePort()]
  const mailFile = join(dir, 'mails.jsonl')
  const stopSmtp = await startSmtpSink(smtpPort, mailFile)
  // The server's calls to Stripe (card payments) go to stripe-mock.
  const stripe = await startStripeMock()

  const env: HarnessEnv = {
    baseURL: `http://127.0.0.1:${port}`,
    controlURL: `http://127.0.0.1:${controlPort}`,
    mailFile,
    demoEmail: 'demo@folio.test',
    demoPassword: 'demo-password-e2e',
    adminEmail: 'admin@folio.test',
    adminPassword: 'admin-password-e2e',
    uiDir: join(dir, 'ui'),
    distDir: join(root, 'dist'),
  }
  // The app is served from a copy of dist/ (FOLIO_UI_DIR), so a test can swap in a second build.
  if (!existsSync(join(env.distDir, 'index.html')))
    throw new Error('dist/ is missing: run "npm run build"')
  cpSync(env.distDir, env.uiDir, { recursive: true })

  const admin = spawnSync(
    binary,
    ['superuser', 'upsert', env.adminEmail, env.adminPassword, `--dir=${dataDir}`],
    { encoding: 'utf8' },
  )
  if (admin.status !== 0) throw new Error(`superuser upsert failed: ${admin.stderr}`)

  let server: ChildProcess | null = null
  let log = ''
  const startServer = async () => {
    // Already running: a second process could not bind the port, and the first would be orphaned.
    if (server && server.exitCode === null) return
    server = spawn(binary, ['serve', `--http=127.0.0.1:${port}`, `--dir=${dataDir}`], {
      env: {
        ...process.env,
        FOLIO_APP_URL: env.baseURL,
        FOLIO_SMTP_HOST: '127.0.0.1',
        FOLIO_SMTP_PORT: String(smtpPort),
        FOLIO_DEMO_PASSWORD: env.demoPassword,
        FOLIO_RATE_LIMITS: 'off',
        FOLIO_UI_DIR: env.uiDir,
        // The demo account runs this server: it may download the server's backups.
        FOLIO_OPERATOR_EMAIL: env.demoEmail,
        FOLIO_STRIPE_API_BASE: stripe.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (d: Buffer) => (log += d.toString()))
    server.stderr?.on('data', (d: Buffer) => (log += d.toString()))
    await waitForHttp(`${env.baseURL}/api/health`)
  }
  const stopServer = () =>
    new Promise<void>((resolve) => {
      const s = server
      server = null
      if (!s || s.exitCode !== null) return resolve()
      s.once('exit', () => resolve())
      s.kill('SIGTERM')
    })

  await startServer()
  process.env.FOLIO_E2E_SERVER_LOG = join(dir, 'server.log')
  const oidc = await startOidcProvider(await freePort(), `${env.baseURL}/oauth2-callback`)
  await registerOidcInPocketBase(env.baseURL, env.adminEmail, env.adminPassword, oidc.issuer)

  const control: Server = createServer((req, res) => {
    const done = (status: number, body = '') => {
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end(body)
    }
    if (req.url === '/stop')
      stopServer().then(
        () => done(200),
        (e: Error) => done(500, e.message),
      )
    else if (req.url === '/start')
      startServer().then(
        () => done(200),
        (e: Error) => done(500, e.message),
      )
    else if (req.url === '/log') done(200, log)
    else done(404)
  })
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve))
  publishHarness(env)

  return async () => {
    await stopServer()
    await new Promise<void>((resolve) => control.close(() => resolve()))
    await stopSmtp()
    await stripe.stop()
    await oidc.stop()
    if (process.env.FOLIO_E2E_KEEP !== '1') rmSync(dir, { recursive: true, force: true })
  }
}

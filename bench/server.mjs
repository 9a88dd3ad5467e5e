// The benchmarks' Folio server: the built binary on a free loopback port, started and stopped
// by its PID. Shared by the bench/*.mjs scripts. FOLIO_BINARY points them at another build
// (default .build/folio, from npm run server:build).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const root = join(import.meta.dirname, '..')
export const binary = process.env.FOLIO_BINARY || join(root, '.build', 'folio')

/** One API request to `base`, signed in with `token` when given: its status, ok and body text. */
export async function apiRequest(base, method, path, body, token) {
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

/** apiRequest's answer as JSON; a refusal throws with its status and the start of its body. */
export async function apiJSON(base, method, path, body, token) {
  const r = await apiRequest(base, method, path, body, token)
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`)
  return JSON.parse(r.text)
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.on('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })
}

/**
 * Signs `email` in with `password`: its token, and the business its sign-up gave it (which has
 * the user's id; `folio seed` fills that one).
 */
export async function signIn(base, email, password) {
  const auth = await apiJSON(base, 'POST', '/api/collections/users/auth-with-password', {
    identity: email,
    password,
  })
  return { token: auth.token, business: auth.record.id }
}

/**
 * A server on `port` with data in `dataDir`; `start()` waits for /api/health (up to 60 s: a
 * loaded machine is slow to migrate a new data dir). `command` starts it another way (another
 * binary, a container): it gets the serve arguments and returns [program, args].
 */
export function folioServer({
  port,
  dataDir,
  env = {},
  command = (serveArgs) => [binary, serveArgs],
}) {
  const base = `http://127.0.0.1:${port}`
  let child = null
  let log = ''
  return {
    base,
    log: () => log,
    /** The server process's id (null before start): its memory is read from /proc. */
    pid: () => child?.pid ?? null,
    async start() {
      const [program, args] = command(['serve', `--http=127.0.0.1:${port}`, `--dir=${dataDir}`])
      child = spawn(program, args, {
        env: { ...process.env, FOLIO_RATE_LIMITS: 'off', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const keep = (chunk) => (log = (log + chunk).slice(-4000))
      child.stdout.on('data', keep)
      child.stderr.on('data', keep)
      for (let i = 0; i < 600; i++) {
        if (child.exitCode !== null) break
        try {
          if ((await fetch(`${base}/api/health`)).ok) return
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`server did not start:\n${log}`)
    },
    /** SIGTERM, then SIGKILL if it is still there after 5 s. */
    stop() {
      return new Promise((resolve) => {
        const c = child
        if (!c || c.exitCode !== null || c.signalCode !== null) return resolve()
        const force = setTimeout(() => {
          try {
            process.kill(c.pid, 'SIGKILL')
          } catch {
            // already gone
          }
        }, 5000)
        c.once('exit', () => {
          clearTimeout(force)
          resolve()
        })
        process.kill(c.pid, 'SIGTERM')
      })
    },
  }
}

/** A /proc/<pid>/status figure in MB (VmRSS: now, VmHWM: the peak so far). */
export function procMB(pid, field) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`))
  return m ? Number(m[1]) / 1024 : NaN
}

/**
 * Uploads `file` as the multipart field "file" (after `fields`) to `url`, sampling the server
 * process's RSS every 10 ms meanwhile: the answer (JSON), the time and the peak RSS in MB.
 */
export async function timedUpload({ url, token, pid, file, name, type, fields = {} }) {
  let peak = procMB(pid, 'VmRSS')
  const sampler = setInterval(() => (peak = Math.max(peak, procMB(pid, 'VmRSS'))), 10)
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  body.append('file', new Blob([file], { type }), name)
  const t0 = performance.now()
  const res = await fetch(url, { method: 'POST', headers: { authorization: token }, body })
  const text = await res.text()
  const ms = performance.now() - t0
  clearInterval(sampler)
  peak = Math.max(peak, procMB(pid, 'VmRSS'))
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`)
  return { result: JSON.parse(text), ms, peak }
}

/**
 * A server on a free port with a new data dir (`folio-bench-<name>-…`, demo off unless `env`
 * says otherwise); `cleanUp()` stops it and removes the dir, and so does Ctrl-C.
 */
export async function benchServer(name, env = { FOLIO_DEMO: 'off' }) {
  const dataDir = mkdtempSync(join(tmpdir(), `folio-bench-${name}-`))
  const server = folioServer({ port: await freePort(), dataDir, env })
  const cleanUp = async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('SIGINT', () => cleanUp().then(() => process.exit(130)))
  return { server, base: server.base, dataDir, cleanUp }
}

/** The password the demo user gets on demoServer(). */
export const DEMO_PASSWORD = 'bench-password-1'

/** benchServer() with the demo account on, its user signing in with DEMO_PASSWORD. */
export const demoServer = () => benchServer('demo', { FOLIO_DEMO_PASSWORD: DEMO_PASSWORD })

/** `folio seed` of one account into dataDir: its business with `invoices` invoices (and `args`). */
export function seedAccount({ dataDir, email, password, invoices, run = 1, args = [] }) {
  return new Promise((resolve, reject) => {
    const all = ['seed', `--invoices=${invoices}`, ...args, `--dir=${dataDir}`, `--email=${email}`]
    const child = spawn(binary, [...all, `--password=${password}`, `--seed=${run}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))))
  })
}

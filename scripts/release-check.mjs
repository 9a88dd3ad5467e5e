// The release as an operator gets it: the Linux binary checked against SHA256SUMS and started on
// an empty data dir, then the container image built FROM scratch on it and started the same
// way. Each answers /api/health, takes a sign-up, a customer and an invoice through the API, and
// serves the app. `node scripts/release-check.mjs` checks what release/ holds; npm test runs it
// after building the Linux binary for this machine.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { folioServer, freePort } from '../bench/server.mjs'
import { releaseDir, releaseName, root, version } from './lib.mjs'

/** The Linux release binary for this machine's processor. */
export const hostLinuxTarget = `linux/${process.arch === 'arm64' ? 'arm64' : 'amd64'}`

async function api(base, method, path, body, token) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return text ? JSON.parse(text) : null
}

/** What a first user does on a new server, through the API. */
async function checkServer(base) {
  await api(base, 'GET', '/api/health')
  const email = 'owner@release-check.test'
  const password = 'release-check-123'
  await api(base, 'POST', '/api/collections/users/records', {
    email,
    password,
    passwordConfirm: password,
  })
  const auth = await api(base, 'POST', '/api/collections/users/auth-with-password', {
    identity: email,
    password,
  })
  // Signing up makes the person a business of their own, with their id.
  const business = auth.record.id
  const customer = await api(
    base,
    'POST',
    '/api/collections/customers/records',
    { business, name: 'Acme', currency: 'EUR' },
    auth.token,
  )
  const invoice = await api(
    base,
    'POST',
    '/api/collections/invoices/records',
    { business, customer: customer.id },
    auth.token,
  )
  if (invoice.number !== 'INV-00001') throw new Error(`first invoice is ${invoice.number}`)
  const page = await (await fetch(`${base}/sign-in`)).text()
  if (!page.includes('id="root"')) throw new Error('the app is not inside the binary')
}

/** Starts a server with `command`, runs checkServer against it, always stops it. */
async function withServer(name, dataDir, command) {
  const server = folioServer({
    port: await freePort(),
    dataDir,
    command,
    env: { FOLIO_DEMO: 'off' },
  })
  const t = Date.now()
  try {
    await server.start()
    const up = Date.now() - t
    await checkServer(server.base)
    console.log(`${name}: up in ${up} ms on an empty data dir; health, sign-up, invoice INV-00001`)
  } catch (error) {
    throw new Error(`${name}: ${error.message}\n${server.log()}`, { cause: error })
  } finally {
    await server.stop()
  }
}

/** The binary matches SHA256SUMS, says its version, and serves. */
export async function checkBinary(path) {
  const sums = readFileSync(join(dirname(path), 'SHA256SUMS'), 'utf8')
  const sum = createHash('sha256').update(readFileSync(path)).digest('hex')
  if (!sums.includes(`${sum}  ${basename(path)}\n`)) throw new Error(`${path} ≠ SHA256SUMS`)
  const v = spawnSync(path, ['--version'], { encoding: 'utf8' })
  if (v.status !== 0 || !v.stdout.includes(`version ${version} `)) {
    throw new Error(`${path} --version: ${v.status} ${v.stdout}${v.stderr}`)
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-release-'))
  try {
    await withServer(basename(path), dataDir, (serveArgs) => [path, serveArgs])
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const podman = (args, opts = {}) => spawnSync('podman', args, { encoding: 'utf8', ...opts })

/**
 * Builds the Containerfile's image from release/container and starts it with podman, on the
 * host's network (no port mapping to set up) with a fresh volume. Without podman it says so and
 * checks nothing. runc is preferred when installed: crun refuses hosts whose cgroups are mixed
 * v1/v2. The limits are set explicitly: podman's defaults raise them, which needs a privilege a
 * sandbox may not grant.
 */
export async function checkContainer() {
  if (podman(['--version']).status !== 0) {
    console.log('container image: not checked, podman is not installed')
    return
  }
  const runtime = spawnSync('runc', ['--version']).status === 0 ? ['--runtime', 'runc'] : []
  const tag = `folio-release-check:${version}`
  const t = Date.now()
  const build = podman(
    [
      ...runtime,
      'build',
      '-q',
      '--layers=false', // no intermediate images left behind
      '-f',
      join(root, 'Containerfile'),
      '-t',
      tag,
      join(releaseDir, 'container'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  if (build.status !== 0) throw new Error(`podman build: ${build.stderr}`)
  console.log(`container image ${tag}: built in ${Date.now() - t} ms`)
  const volume = `folio-release-check-${process.pid}`
  const name = `folio-release-check-${process.pid}`
  try {
    await withServer('container image', '/data', (serveArgs) => [
      'podman',
      [
        ...runtime,
        'run',
        '--rm',
        '--name',
        name,
        '--network=host',
        '--ulimit=nofile=4096:4096',
        '--ulimit=nproc=4096:4096',
        '-v',
        `${volume}:/data`,
        '-e',
        'FOLIO_DEMO=off',
        '-e',
        'FOLIO_RATE_LIMITS=off',
        tag,
        ...serveArgs,
      ],
    ])
  } finally {
    podman([...runtime, 'rm', '-f', name])
    podman(['volume', 'rm', '-f', volume])
    podman(['rmi', '-f', tag])
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await checkBinary(join(releaseDir, releaseName(hostLinuxTarget)))
  await checkContainer()
}

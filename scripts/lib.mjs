// Shared helpers of the npm scripts: run a command, and know when a build is stale.
import { spawn } from 'node:child_process'
import {
  existsSync,
  readdirSync,
  statSync,
  rmSync,
  cpSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { createHash } from 'node:crypto'
import { basename, join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const binary = join(root, '.build', process.platform === 'win32' ? 'folio.exe' : 'folio')
/** The end-to-end tests' binary: a release build plus a route that moves its clock. */
export const e2eBinary = join(
  root,
  '.build',
  process.platform === 'win32' ? 'folio-e2e.exe' : 'folio-e2e',
)
const webuiDist = join(root, 'server', 'internal', 'webui', 'dist')

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code})`)),
    )
  })
}

/** Newest modification time under the given paths (files or folders), skipping `skip` names. */
export function newest(paths, skip = ['node_modules', 'dist', '.build']) {
  let max = 0
  const walk = (p) => {
    if (!existsSync(p)) return
    const st = statSync(p)
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (!skip.includes(name)) walk(join(p, name))
    } else max = Math.max(max, st.mtimeMs)
  }
  paths.forEach((p) => walk(join(root, p)))
  return max
}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0)

export function webStale() {
  const out = mtime(join(root, 'dist', 'index.html'))
  return (
    out === 0 ||
    newest([
      'src',
      'machines',
      'public',
      'index.html',
      'd.html',
      'vite.config.ts',
      'scripts/prerender.mjs',
      'scripts/messages.mjs',
      'manifest.webmanifest',
      'package.json',
    ]) > out
  )
}

export function serverStale() {
  const out = mtime(binary)
  return out === 0 || newest(['server']) > out || mtime(join(root, 'dist', 'index.html')) > out
}

export async function buildWeb() {
  await run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'])
}

/** Copies the built app (dist/) into the Go module, where the binary embeds it. */
export function stageWebUI() {
  rmSync(webuiDist, { recursive: true, force: true })
  mkdirSync(webuiDist, { recursive: true })
  writeFileSync(join(webuiDist, '.keep'), '')
  if (existsSync(join(root, 'dist'))) cpSync(join(root, 'dist'), webuiDist, { recursive: true })
}

/** Copies the built app into the Go module and compiles the one binary that serves everything. */
export async function buildServer() {
  stageWebUI()
  mkdirSync(dirname(binary), { recursive: true })
  // Built as the release is, so `npm run release` for this machine reuses its compiled packages.
  await goBuild(binary)
  // The end-to-end tests' build: the same, plus a route that moves its clock (schedule package).
  await goBuild(e2eBinary, { tags: ['-tags', 'e2eclock'] })
}

/**
 * `go build` of the server as it is shipped: static (no cgo; PocketBase's SQLite is modernc's,
 * in Go), no local paths, no symbol table, the version from package.json; for this machine
 * unless goos/goarch say otherwise.
 */
function goBuild(out, { goos, goarch, tags = [] } = {}) {
  const ldflags = `-s -w -X main.version=${version}`
  return run('go', ['build', ...tags, '-trimpath', '-ldflags', ldflags, '-o', out, '.'], {
    cwd: join(root, 'server'),
    env: { ...process.env, CGO_ENABLED: '0', ...(goos ? { GOOS: goos, GOARCH: goarch } : {}) },
  })
}

/** The platforms `npm run release` builds: GOOS/GOARCH pairs. */
export const releaseTargets = [
  'linux/amd64',
  'linux/arm64',
  'darwin/arm64',
  'darwin/amd64',
  'windows/amd64',
]
export const releaseDir = join(root, 'release')
export const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version

/** The release binary's file name: folio-<version>-<os>-<arch>[.exe]. */
export const releaseName = (target) => {
  const [os, arch] = target.split('/')
  return `folio-${version}-${os}-${arch}${os === 'windows' ? '.exe' : ''}`
}

/**
 * Builds one static binary per target into release/ (see goBuild), the built app inside (dist/
 * must be built). Returns each binary's path, size and build time; writes SHA256SUMS for them and
 * the container image's build context.
 */
export async function buildRelease(targets = releaseTargets) {
  stageWebUI()
  rmSync(releaseDir, { recursive: true, force: true })
  mkdirSync(releaseDir, { recursive: true })
  const built = []
  for (const target of targets) {
    const [goos, goarch] = target.split('/')
    const path = join(releaseDir, releaseName(target))
    const t = Date.now()
    await goBuild(path, { goos, goarch })
    built.push({ target, path, bytes: statSync(path).size, seconds: (Date.now() - t) / 1000 })
  }
  const sums = built.map(
    (b) =>
      `${createHash('sha256').update(readFileSync(b.path)).digest('hex')}  ${basename(b.path)}\n`,
  )
  writeFileSync(join(releaseDir, 'SHA256SUMS'), sums.join(''))
  stageContainer(built)
  return built
}

/** The system's CA bundle on Debian, Ubuntu, Alpine and Arch; the container image copies it. */
const caBundle = '/etc/ssl/certs/ca-certificates.crt'

/**
 * release/container/: the build context of the Containerfile (FROM scratch) — the Linux binaries
 * as folio-linux-<arch>, the CA certificates of this machine and an empty directory for /tmp
 * and /data.
 */
function stageContainer(built) {
  const linux = built.filter((b) => b.target.startsWith('linux/'))
  if (linux.length === 0) return
  const dir = join(releaseDir, 'container')
  mkdirSync(join(dir, 'empty'), { recursive: true })
  for (const b of linux) copyFileSync(b.path, join(dir, `folio-linux-${b.target.split('/')[1]}`))
  if (existsSync(caBundle)) copyFileSync(caBundle, join(dir, 'ca-certificates.crt'))
  else console.warn(`No ${caBundle} here: put a CA bundle in ${dir} before building the image.`)
}

// Shared helpers of the npm scripts: run a command, and know when a build is stale.
import { spawn } from 'node:child_process'
import {
  existsSync,
  readdirSync,
  statSync,
  rmSync,
  cpSync,
  mkdirSync,
  writeFileSync,
} from 'node:fs'
import { join, dirname } from 'node:path'
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

/** Copies the built app into the Go module and compiles the one binary that serves everything. */
export async function buildServer() {
  rmSync(webuiDist, { recursive: true, force: true })
  mkdirSync(webuiDist, { recursive: true })
  writeFileSync(join(webuiDist, '.keep'), '')
  if (existsSync(join(root, 'dist'))) cpSync(join(root, 'dist'), webuiDist, { recursive: true })
  mkdirSync(dirname(binary), { recursive: true })
  await run('go', ['build', '-o', binary, '.'], { cwd: join(root, 'server') })
  // The end-to-end tests' build: the same, plus a route that moves its clock (schedule package).
  await run('go', ['build', '-tags', 'e2eclock', '-o', e2eBinary, '.'], {
    cwd: join(root, 'server'),
  })
}

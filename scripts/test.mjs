// `npm test`: every check, in order, failing fast: types, lint, unit tests, Go vet and tests,
// a fresh build, the release binary and its container image started on an empty data dir, then
// the end-to-end tests in Chromium against the real server.
import { join } from 'node:path'
import { buildRelease, buildServer, buildWeb, root, run } from './lib.mjs'
import { checkBinary, checkContainer, hostLinuxTarget } from './release-check.mjs'

const node = (file, ...args) => run(process.execPath, [join(root, 'node_modules', file), ...args])
const steps = [
  ['typecheck', () => node('typescript/bin/tsc', '--noEmit', '-p', '.')],
  ['lint', () => run('npm', ['run', '--silent', 'lint'])],
  ['unit tests', () => node('vitest/vitest.mjs', 'run')],
  ['go vet', () => run('go', ['vet', './...'], { cwd: join(root, 'server') })],
  ['go test', () => run('go', ['test', '-count=1', './...'], { cwd: join(root, 'server') })],
  [
    'build',
    async () => {
      await buildWeb()
      await buildServer()
    },
  ],
  // The previous release's data dir, opened by this one: nothing lost (needs the git history).
  [
    'upgrade from the previous release',
    () => run(process.execPath, ['--test', 'tests/upgrade/upgrade.test.mjs']),
  ],
  [
    // The Linux binary as released (its packages are the build step's, so it costs a link) and its
    // FROM scratch container image, each started on an empty data dir.
    'release binary and container',
    async () => {
      if (process.platform !== 'linux') return console.log('not on Linux: skipped')
      const [built] = await buildRelease([hostLinuxTarget])
      await checkBinary(built.path)
      await checkContainer()
    },
  ],
  [
    'end-to-end tests',
    () => node('@playwright/test/cli.js', 'test', '-c', 'tests/playwright.config.ts'),
  ],
]

const started = Date.now()
for (const [name, step] of steps) {
  const t = Date.now()
  console.log(`\n▶ ${name}`)
  try {
    await step()
  } catch (error) {
    console.error(`\n✖ ${name} failed: ${error.message}`)
    process.exit(1)
  }
  console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`)
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`)

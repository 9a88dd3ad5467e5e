// Fails when a Go file under server/ is not gofmt-formatted, and names the files.
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const server = join(dirname(fileURLToPath(import.meta.url)), '..', 'server')

const files = execFileSync('gofmt', ['-l', '.'], { cwd: server, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)

if (files.length > 0) {
  console.error('gofmt: these Go files are not formatted (run: cd server && gofmt -w .)')
  for (const file of files) console.error(`  ${file}`)
  process.exit(1)
}

import { spawn, spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './ports'

/** The stripe-mock the Go tests run too (server/internal/testapp/stripemock.go). */
const MODULE = 'github.com/stripe/stripe-mock@v0.203.0'

/**
 * stripe-mock's binary: FOLIO_STRIPE_MOCK (.ci/run installs it), else built once with `go install`
 * into the temp dir, never into the repository.
 */
function binary(): string {
  const given = process.env.FOLIO_STRIPE_MOCK
  if (given) return given
  const dir = join(tmpdir(), 'folio-stripe-mock-v0.203.0')
  const bin = join(dir, 'stripe-mock')
  if (existsSync(bin)) return bin
  const r = spawnSync('go', ['install', MODULE], {
    cwd: tmpdir(),
    env: { ...process.env, GOBIN: dir, GOFLAGS: '' },
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`go install ${MODULE} failed: ${r.stderr}`)
  return bin
}

/**
 * Starts stripe-mock on loopback (Stripe's own mock of its API: it checks each request against
 * Stripe's OpenAPI description and answers canned objects). Answers its address and a stop.
 */
export async function startStripeMock(): Promise<{ url: string; stop: () => Promise<void> }> {
  const [port, tlsPort] = [await freePort(), await freePort()]
  const proc = spawn(
    binary(),
    ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${tlsPort}`],
    { stdio: 'ignore' },
  )
  const url = `http://127.0.0.1:${port}`
  const until = Date.now() + 30_000
  for (;;) {
    try {
      await fetch(`${url}/v1/balance`)
      break
    } catch (error) {
      if (Date.now() > until) {
        proc.kill()
        throw new Error(`stripe-mock did not come up: ${String(error)}`, { cause: error })
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve()
      proc.once('exit', () => resolve())
      proc.kill()
    })
  return { url, stop }
}

/** A Stripe-Signature header for payload, as Stripe signs its webhooks (v1: HMAC-SHA256). */
export function stripeSignature(payload: string, secret: string, at = Date.now()): string {
  const t = Math.floor(at / 1000)
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')
  return `t=${t},v1=${v1}`
}

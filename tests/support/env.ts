/** What the global setup hands to the tests, through the environment. */
export interface HarnessEnv {
  baseURL: string
  controlURL: string
  mailFile: string
  demoEmail: string
  demoPassword: string
  adminEmail: string
  adminPassword: string
  /** The folder the server serves the app from (a copy of dist/). */
  uiDir: string
  /** The build the tests started with. */
  distDir: string
}

const KEY = 'FOLIO_E2E'

export function publishHarness(env: HarnessEnv) {
  process.env[KEY] = JSON.stringify(env)
}

export function harness(): HarnessEnv {
  const raw = process.env[KEY]
  if (!raw) throw new Error('The e2e harness is not running (global setup did not run).')
  return JSON.parse(raw) as HarnessEnv
}

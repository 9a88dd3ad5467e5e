import { defineConfig } from '@playwright/test'

const harness = process.env.FOLIO_E2E
  ? (JSON.parse(process.env.FOLIO_E2E) as { baseURL: string })
  : null

/** Real Chromium (Debian's) against the real server, which the global setup starts on loopback. */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: harness?.baseURL,
    trace: 'retain-on-failure',
    // The interface follows the browser's language: the suite reads it in English.
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})

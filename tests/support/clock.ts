import { expect, type APIRequestContext } from '@playwright/test'

/**
 * Runs the server's scheduled jobs (recurring invoices, payment reminders) at once, as if it were
 * `advance` later ("72h", "744h"): the end-to-end build's route (server/internal/schedule). The
 * clock other requests see does not move, so other tests are not disturbed.
 */
export async function runScheduledJobs(request: APIRequestContext, advance = '0s') {
  const res = await request.post('/api/folio/test/clock', { data: { advance } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { ranAt: string }).ranAt
}

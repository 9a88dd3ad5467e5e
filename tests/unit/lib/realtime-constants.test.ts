import { describe, expect, it } from 'vitest'
import PocketBase from 'pocketbase'
import { REALTIME_CONNECT_TIMEOUT_MS, REALTIME_RECONNECT_DELAYS_MS } from '@/config/constants'

describe('realtime reconnection (SPEC §9)', () => {
  it('the SDK reconnects with the spec delays and connect timeout, which the app relies on', () => {
    // Private in the SDK's types, so the app can't set them: this pins the defaults instead,
    // and fails if an SDK upgrade changes them.
    const realtime = new PocketBase('http://127.0.0.1').realtime as unknown as {
      predefinedReconnectIntervals: number[]
      maxConnectTimeout: number
    }
    expect(realtime.predefinedReconnectIntervals).toEqual(REALTIME_RECONNECT_DELAYS_MS)
    expect(realtime.maxConnectTimeout).toBe(REALTIME_CONNECT_TIMEOUT_MS)
  })
})

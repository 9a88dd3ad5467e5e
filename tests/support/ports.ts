import { createServer } from 'node:net'

/** A port the OS says is free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => resolve(port))
    })
  })
}

export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < until) {
    try {
      const res = await fetch(url)
      if (res.ok) return
      last = new Error(`${url} answered ${res.status}`)
    } catch (error) {
      last = error
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not come up: ${String(last)}`)
}

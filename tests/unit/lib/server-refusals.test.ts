// The server's refusals and the `server` messages: every code the Go packages can answer has a
// message, and the English message rebuilds the server's sentence from the code and its params
// (so each translation reads the same values). The samples are written by the Go tests
// (server/internal/refusal/refusaltest): tests/vectors/refusals/<package>.json.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { hasMessage, t } from '@/lib/i18n'
import signedIn from '@/locales/en/server.json'
import signedOut from '@/locales/en/serverauth.json'

interface Sample {
  code: string
  params?: Record<string, unknown>
  message: string
}

const english = { ...signedIn, ...signedOut }
/** The key of a code's message: in `server`, or in `serverauth` for the signed-out screens. */
const keyOf = (code: string) =>
  hasMessage(`server.${code}`) ? `server.${code}` : `serverauth.${code}`

const dir = new URL('../../vectors/refusals/', import.meta.url)
const samples: Sample[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Sample[])

/** The values as the server wrote them; a list by its items' English words. */
function englishValues(code: string, params: Record<string, unknown> = {}) {
  const values: Record<string, string | number> = {}
  for (const [name, v] of Object.entries(params)) {
    if (Array.isArray(v)) {
      const items = v.map((item) => {
        const key = `server.${code}.${name}.${String(item)}`
        return hasMessage(key) ? t(key) : `missing ${key}`
      })
      values[name] = new Intl.ListFormat('en', { type: 'conjunction' }).format(items)
    } else values[name] = v as string | number
  }
  return values
}

describe('server refusals', () => {
  it('the Go tests wrote samples of every package', () => {
    expect(new Set(samples.map((s) => s.code)).size).toBeGreaterThan(100)
  })

  it('every code the server answers has a message', () => {
    const missing = samples.map((s) => s.code).filter((code) => !hasMessage(keyOf(code)))
    expect(missing).toEqual([])
  })

  it('every folio code in the catalogue is one the server answers', () => {
    const codes = new Set(samples.map((s) => s.code))
    const stale = Object.keys(english).filter((k) => k.startsWith('folio_') && !k.includes('.'))
    expect(stale.filter((code) => !codes.has(code))).toEqual([])
  })

  it.each(samples.map((s) => [s.code, s] as const))(
    'English rebuilds the server sentence: %s',
    (code, s) => {
      const key = keyOf(code)
      expect(hasMessage(key) && t(key, englishValues(code, s.params))).toBe(s.message)
    },
  )
})

// The message catalogue is complete: every locale has every English key, each message reads the
// same placeholders as its English source, and every bundle compiles for every locale.
import { describe, expect, it } from 'vitest'
import { parse, type Token } from '@messageformat/parser'
import {
  bundleMessages,
  bundleOfKey,
  compileBundle,
  LOCALES,
  namespacesOf,
  readBundles,
  clientBundles,
  loaderModule,
  readNamespace,
  SOURCE_LOCALE,
} from '../../../scripts/messages.mjs'
import { authErrorMessages, authMessages } from '@machines/auth/messages'

/** The argument names a message reads ({name}, {count, plural, …}), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>()
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg)
      if (token.type === 'plural' || token.type === 'select') {
        names.add(token.arg)
        for (const c of token.cases) walk(c.tokens)
      }
    }
  }
  walk(parse(message))
  return [...names].sort()
}

const namespaces = namespacesOf(SOURCE_LOCALE)

describe('message catalogue', () => {
  it('every namespace is named by exactly one bundle, and every part a bundle names exists', () => {
    const names = Object.values(readBundles()).flat()
    const whole = names.filter((n) => !n.includes('.'))
    expect([...whole].sort()).toEqual([...namespaces].sort())
    // A part ("billing.status") is a key or the keys under it, named once.
    expect(new Set(names).size).toBe(names.length)
    const keys = namespaces.flatMap((ns) => Object.keys(readNamespace(SOURCE_LOCALE, ns)))
    const empty = names.filter((n) => !keys.some((k) => k === n || k.startsWith(`${n}.`)))
    expect(empty).toEqual([])
  })

  it('every key is compiled into one bundle, in every locale', () => {
    const keys = namespaces.flatMap((ns) => Object.keys(readNamespace(SOURCE_LOCALE, ns)))
    for (const locale of LOCALES) {
      const compiled = Object.keys(readBundles()).flatMap((b) =>
        Object.keys(bundleMessages(b, locale)),
      )
      expect(compiled.length, locale).toBe(keys.length)
      expect([...compiled].sort(), locale).toEqual([...keys].sort())
    }
    expect(bundleOfKey('billing.status.paid')).toBe('app')
    expect(bundleOfKey('billing.form.customerRequired')).toBe('screens')
  })

  for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
    it(`${locale} has every English key and no other`, () => {
      for (const ns of namespaces) {
        const en = Object.keys(readNamespace(SOURCE_LOCALE, ns)).sort()
        const other = Object.keys(readNamespace(locale, ns)).sort()
        expect({ ns, missing: en.filter((k) => !other.includes(k)) }).toEqual({ ns, missing: [] })
        expect({ ns, unknown: other.filter((k) => !en.includes(k)) }).toEqual({ ns, unknown: [] })
      }
    })

    it(`${locale} messages read the same placeholders as English`, () => {
      const wrong: string[] = []
      for (const ns of namespaces) {
        const en = readNamespace(SOURCE_LOCALE, ns)
        const other = readNamespace(locale, ns)
        for (const [key, message] of Object.entries(other)) {
          const source = en[key]
          if (source === undefined) continue
          const a = argumentsOf(source).join(',')
          const b = argumentsOf(message).join(',')
          if (a !== b) wrong.push(`${key}: {${a}} in English, {${b}} in ${locale}`)
        }
      }
      expect(wrong).toEqual([])
    })

    it(`${locale} messages are not left in English`, () => {
      // A short word may be the same in both (e.g. "Total", "Notes"), so only long sentences count.
      const same: string[] = []
      for (const ns of namespaces) {
        const en = readNamespace(SOURCE_LOCALE, ns)
        const other = readNamespace(locale, ns)
        for (const [key, message] of Object.entries(other))
          if (message === en[key] && message.split(' ').length >= 4) same.push(key)
      }
      expect(same).toEqual([])
    })
  }

  it('the web app is offered every bundle but the mails’ words, which only the server reads', () => {
    const loader = loaderModule()
    expect(clientBundles()).not.toContain('mail')
    expect(loader).not.toContain("'mail/")
    expect(loader).toContain("'core/en'")
  })

  it('every bundle compiles in every locale', () => {
    for (const bundle of Object.keys(readBundles()))
      for (const locale of LOCALES) expect(() => compileBundle(bundle, locale)).not.toThrow()
  })

  it('English messages are valid ICU', () => {
    for (const ns of namespaces)
      for (const [key, message] of Object.entries(readNamespace(SOURCE_LOCALE, ns)))
        expect(() => parse(message), key).not.toThrow()
  })

  it("English chart messages are the auth chart's own sentences, word for word", () => {
    // English shows the chart's words as they come (src/lib/auth-text.ts); the other languages
    // say them from chart.json, so its English must be exactly what the chart emits.
    const expected = Object.fromEntries([
      ...Object.entries(authMessages).map(([k, v]) => [`chart.${k}`, v]),
      ...Object.entries(authErrorMessages).map(([k, v]) => [`chart.error.${k}`, v]),
    ])
    expect(readNamespace(SOURCE_LOCALE, 'chart')).toEqual(expected)
  })
})

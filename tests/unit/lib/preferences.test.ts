import { describe, expect, it } from 'vitest'
import { parseCookies, serializeCookie } from '@/lib/cookies'
import {
  DEFAULT_PREFERENCES,
  htmlAttributes,
  preferenceCookie,
  readPreferences,
  resolveTheme,
} from '@/lib/preferences'

describe('cookies', () => {
  it('parses a header, decoding values and keeping the first of duplicates', () => {
    expect(parseCookies('a=1; b=hello%20world; a=2; broken; c=%E0%A4%A')).toEqual({
      a: '1',
      b: 'hello world',
      c: '%E0%A4%A',
    })
  })

  it('serialises with max-age, path and SameSite', () => {
    expect(serializeCookie('x', 'a b', { maxAge: 10 })).toBe(
      'x=a%20b; Max-Age=10; Path=/; SameSite=Lax',
    )
    expect(serializeCookie('x', '1', { maxAge: 1, sameSite: 'Strict', secure: true })).toContain(
      '; Secure',
    )
  })
})

describe('preferences', () => {
  it('defaults: dark theme, geist font, ltr', () => {
    expect(readPreferences('')).toEqual({
      theme: 'dark',
      font: 'geist',
      direction: 'ltr',
      language: 'en',
    })
    expect(DEFAULT_PREFERENCES).toEqual({
      theme: 'dark',
      font: 'geist',
      direction: 'ltr',
      language: 'en',
    })
  })

  it('reads each cookie and ignores unknown values', () => {
    expect(readPreferences('folio_theme=light; folio_font=manrope; folio_dir=rtl')).toEqual({
      theme: 'light',
      font: 'manrope',
      direction: 'rtl',
      language: 'en',
    })
    expect(readPreferences('folio_theme=neon; folio_font=comic; folio_dir=up')).toEqual(
      DEFAULT_PREFERENCES,
    )
  })

  it("the language: the cookie, else the browser's first supported one, else English", () => {
    expect(readPreferences('folio_lang=de').language).toBe('de')
    expect(readPreferences('', ['pt-BR', 'fr-CA', 'de']).language).toBe('fr')
    expect(readPreferences('', ['pt-BR', 'ja']).language).toBe('en')
    expect(readPreferences('folio_lang=xx', ['es-MX']).language).toBe('es')
  })

  it('Arabic reads right to left unless a direction was chosen', () => {
    expect(readPreferences('folio_lang=ar').direction).toBe('rtl')
    expect(readPreferences('', ['ar-EG']).direction).toBe('rtl')
    expect(readPreferences('folio_lang=ar; folio_dir=ltr').direction).toBe('ltr')
    expect(readPreferences('folio_lang=de').direction).toBe('ltr')
  })

  it('each preference cookie lasts one year', () => {
    const c = preferenceCookie('theme', 'light')
    expect(c).toMatch(/^folio_theme=light; /)
    expect(c).toContain(`Max-Age=${365 * 24 * 60 * 60}`)
    expect(preferenceCookie('font', 'inter', true)).toContain('Secure')
  })

  it('system follows the OS', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(
      htmlAttributes({ theme: 'system', font: 'inter', direction: 'rtl', language: 'en' }, false),
    ).toEqual({
      className: 'light',
      colorScheme: 'light',
      dir: 'rtl',
      font: 'inter',
    })
  })
})

// The avatar's letters come from the name's words, whole characters (accents, other scripts,
// emoji) and never half a surrogate pair; without a name, from the email.
import { describe, expect, it } from 'vitest'
import { initials } from '@/components/layout/initials'

describe('initials', () => {
  it.each([
    ['Demo User', 'demo@folio.test', 'DU'],
    ['Anna', 'anna@example.com', 'A'],
    ['  jean-luc   picard ', 'x@example.com', 'JP'],
    ['Maria José da Silva', 'm@example.com', 'MS'],
    ['Émile Zola', 'e@example.com', 'ÉZ'],
    ['Ärzte Über', 'a@example.com', 'ÄÜ'],
    ['محمد علي', 'm@example.com', 'مع'],
    ['山田 太郎', 'y@example.com', '山太'],
    ['(Bob) Builder', 'b@example.com', 'BB'],
  ])('%s → %s', (name, email, expected) => {
    expect(initials(name, email)).toBe(expected)
  })

  it('keeps a letter with its combining accent together', () => {
    // "E" + U+0301 COMBINING ACUTE ACCENT: one character on screen.
    expect(initials('E\u0301lodie Durand', 'e@example.com')).toBe('E\u0301D')
  })

  it('keeps a Hangul syllable written as jamo together', () => {
    // U+1100 U+1161 U+11A8: three code points, one syllable (각) on screen.
    expect(initials('\u1100\u1161\u11a8 Kim', 'k@example.com')).toBe('\u1100\u1161\u11a8K')
  })

  it('takes a whole character beyond the BMP, not half of its surrogate pair', () => {
    // U+2000B, a CJK ideograph written as two UTF-16 units.
    const letters = initials('\u{2000B}田 Tanaka', 't@example.com')
    expect(letters).toBe('\u{2000B}T')
    expect(letters.isWellFormed()).toBe(true)
  })

  it('skips words without a letter (an emoji, a dash)', () => {
    expect(initials('👩‍💻 Dev – Ops', 'd@example.com')).toBe('DO')
  })

  it('falls back to the email: its local part split at dots, dashes and underscores', () => {
    expect(initials('', 'anna.schmidt@example.com')).toBe('AS')
    expect(initials('   ', 'bäcker_müller@example.com')).toBe('BM')
    expect(initials('', 'zoe@example.com')).toBe('Z')
  })

  it('uppercases by the interface language (Turkish dotted i)', () => {
    expect(initials('ilker', 'i@example.com', 'tr')).toBe('İ')
    expect(initials('ilker', 'i@example.com', 'en')).toBe('I')
  })

  it('never returns nothing', () => {
    expect(initials('', '')).toBe('?')
  })
})

/**
 * Whether a code point joins the one before it into one character: a combining mark, the
 * zero-width joiner, a variation selector, a skin tone, a tag character.
 */
function joinsPrevious(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0
  return (
    /\p{M}/u.test(c) ||
    cp === 0x200d ||
    cp === 0xfe0e ||
    cp === 0xfe0f ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0020 && cp <= 0xe007f)
  )
}

/** What starts a character of several code points by itself: a flag's first half, a Hangul jamo. */
const STARTS_CLUSTER = /[\p{Regional_Indicator}\u1100-\u115f]/u

let segmenter: Intl.Segmenter | undefined

/** The first user-perceived character of a word (an accented letter, an emoji with its modifiers). */
function firstGrapheme(word: string): string {
  // Most names start with a character of one code point: no segmenter needed. Making the first
  // one costs the browser tens of milliseconds (its break rules load), in the first render.
  const [first = '', next] = Array.from(word.slice(0, 4))
  if (!next || (!joinsPrevious(next) && !STARTS_CLUSTER.test(first))) return first
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    for (const { segment } of segmenter.segment(word)) return segment
    return ''
  }
  return first
}

/** Words of a name: split at spaces; of an email's local part: at dots, dashes and the like. */
function words(text: string, separators: RegExp): string[] {
  return text
    .split(separators)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean)
}

function fromWords(list: string[], locale?: string): string {
  const first = list[0]
  if (!first) return ''
  const last = list.length > 1 ? list[list.length - 1] : undefined
  return [first, last]
    .filter((w): w is string => Boolean(w))
    .map((w) => firstGrapheme(w).toLocaleUpperCase(locale))
    .join('')
}

/**
 * The avatar's letters: the first letters of the name's first and last words ("Demo User" → DU,
 * "Anna" → A, "Jean-Luc Picard" → JP); without a name, the email's ("anna.schmidt@…" → AS).
 */
export function initials(name: string, email: string, locale?: string): string {
  const fromName = fromWords(words(name.trim(), /\s+/u), locale)
  if (fromName) return fromName
  const local = email.trim().split('@')[0] ?? ''
  return fromWords(words(local, /[\s._+-]+/u), locale) || '?'
}

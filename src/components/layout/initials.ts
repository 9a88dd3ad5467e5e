/** The first user-perceived character of a word (an accented letter, an emoji with its modifiers). */
function firstGrapheme(word: string): string {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segments = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word)
    for (const { segment } of segments) return segment
    return ''
  }
  return Array.from(word)[0] ?? ''
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

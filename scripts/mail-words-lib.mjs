import { parse } from '@messageformat/parser'
import { LOCALES, readNamespace } from './messages.mjs'

// What scripts/mail-words.mjs writes, as a function (a unit test compares it with the file).

/** Where the server embeds the mail words (server/internal/mailwords). */
export const MAIL_WORDS_FILE = 'server/internal/mailwords/catalogue.json'

/**
 * The server's copy of the `mail` namespace: { language: { key: message } }, keys without the
 * namespace. The server fills placeholders by name ("{customer}" → a value) and knows nothing of
 * ICU, so a mail message may only be text and simple {name} placeholders, and must read the same
 * as plain text as it does to MessageFormat (no quoting, no plural or select): this throws,
 * naming the message, when one is not.
 */
export function mailWords() {
  const out = {}
  for (const locale of LOCALES) {
    const messages = {}
    for (const [key, message] of Object.entries(readNamespace(locale, 'mail'))) {
      const plain = parse(message)
        .map((t) => {
          if (t.type === 'content') return t.value
          if (t.type === 'argument') return `{${t.arg}}`
          throw new Error(`${locale} ${key}: a mail message has only text and {name} placeholders`)
        })
        .join('')
      if (plain !== message)
        throw new Error(`${locale} ${key}: ICU quoting changes the text; write it without quotes`)
      messages[key.slice('mail.'.length)] = message
    }
    out[locale] = messages
  }
  return out
}

/** The file's text. */
export function mailWordsText() {
  return `${JSON.stringify(mailWords(), null, 2)}\n`
}

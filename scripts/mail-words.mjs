// Writes the words of the server's mails (server/internal/mailwords/catalogue.json, embedded in
// the binary) from the web app's catalogue, src/locales/<lang>/mail.json: the one place they are
// written. Run with `node scripts/mail-words.mjs` after changing a mail.json; a unit test
// (tests/unit/lib/mail-words.test.ts) fails while the committed copy differs.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MAIL_WORDS_FILE, mailWordsText } from './mail-words-lib.mjs'

const file = fileURLToPath(new URL(`../${MAIL_WORDS_FILE}`, import.meta.url))
mkdirSync(dirname(file), { recursive: true })
writeFileSync(file, mailWordsText())

// Writes how Intl (the browser's, as on the sheet, the PDF and the customer's page) writes money
// and dates in each document language, for the server's mails (server/internal/billing/
// intl_formats.json, read by intl_format.go), and the shared vectors both sides are held to
// (tests/vectors/mail-values.json). Run with `node scripts/intl-formats.mjs` after a change of
// languages or currencies; a unit test fails when the committed files differ from what Intl says.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { intlFormats, mailValueVectors } from './intl-formats-lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
writeFileSync(
  `${root}server/internal/billing/intl_formats.json`,
  `${JSON.stringify(intlFormats(), null, 2)}\n`,
)
writeFileSync(
  `${root}tests/vectors/mail-values.json`,
  `${JSON.stringify(mailValueVectors(), null, 2)}\n`,
)

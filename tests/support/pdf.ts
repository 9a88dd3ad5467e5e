import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CapturedMail } from './smtp-sink'

/** The text of the mail's PDF attachment, as poppler extracts it. */
export function pdfText(mail: CapturedMail): string {
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')
  if (!pdf) throw new Error(`No PDF attached to "${mail.subject}"`)
  const file = join(mkdtempSync(join(tmpdir(), 'folio-pdf-')), pdf.filename || 'doc.pdf')
  writeFileSync(file, Buffer.from(pdf.base64, 'base64'))
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'

export interface CapturedMail {
  to: string[]
  subject: string
  text: string
  html: string
  /** Who else it went to (Cc). */
  cc: string[]
  /** Attached files, their bytes in base64. */
  attachments: Array<{ filename: string; contentType: string; base64: string }>
  at: number
}

/** A real SMTP server on loopback that accepts every mail and appends it, parsed, to a file. */
export async function startSmtpSink(port: number, file: string): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const addresses = (field: typeof mail.to) =>
            [field].flat().flatMap((a) => (a ? a.value.map((v) => v.address ?? '') : []))
          const to = addresses(mail.to)
          const record: CapturedMail = {
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            cc: addresses(mail.cc),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              base64: a.content.toString('base64'),
            })),
            at: Date.now(),
          }
          appendFileSync(file, `${JSON.stringify(record)}\n`)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}

export function readMails(file: string): CapturedMail[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CapturedMail)
}

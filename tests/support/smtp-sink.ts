import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'

export interface CapturedMail {
  to: string[]
  subject: string
  text: string
  html: string
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
          const to = [mail.to].flat().flatMap((a) => (a ? a.value.map((v) => v.address ?? '') : []))
          const record: CapturedMail = {
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
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

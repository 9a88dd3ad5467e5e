import type { PrintableDocument } from '@/billing/printable'
import { AUTH_STORE_KEY } from '@/lib/pocketbase/instance'

/** The public routes of one document link; plain fetch, so the page loads no SDK. */
const base = (token: string) => `/api/folio/public/documents/${encodeURIComponent(token)}`

/** A refusal the server explained: the sentence and the message of each field. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const LINK_GONE = 'This link is no longer valid.'

/**
 * The signed-in owner's token, when the owner opens their own link on this device: the server
 * then counts no view (an owner's preview is not the customer opening it).
 */
function ownerAuth(): Record<string, string> {
  try {
    const token = (
      JSON.parse(localStorage.getItem(AUTH_STORE_KEY) ?? 'null') as { token?: unknown }
    )?.token
    return typeof token === 'string' && token ? { Authorization: token } : {}
  } catch {
    return {}
  }
}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as {
    message?: unknown
    data?: Record<string, { message?: unknown } | undefined>
  }
  if (res.ok) return body as T
  if (res.status === 404) throw new Refused(LINK_GONE, 404)
  if (res.status === 429)
    throw new Refused('Too many requests. Wait a moment, then try again.', 429)
  const fields: Record<string, string> = {}
  for (const [k, v] of Object.entries(body.data ?? {}))
    if (typeof v?.message === 'string') fields[k] = v.message
  const message =
    typeof body.message === 'string' && body.message ? body.message : 'Something went wrong!'
  throw new Refused(message, res.status, fields)
}

export async function fetchDocument(token: string): Promise<PrintableDocument> {
  return answer(
    await fetch(base(token), { headers: { Accept: 'application/json', ...ownerAuth() } }),
  )
}

async function post(token: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${base(token)}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...ownerAuth() },
    body: JSON.stringify(body ?? {}),
  })
  if (res.status === 204) return
  await answer(res)
}

export const acceptQuote = (token: string, name: string, note: string) =>
  post(token, 'accept', { name, note })
export const rejectQuote = (token: string, reason: string) => post(token, 'reject', { reason })
/** Tells the business the PDF was downloaded (best effort: the download never waits on it). */
export const markDownloaded = (token: string) => post(token, 'downloaded').catch(() => {})
export const logoUrl = (token: string) => `${base(token)}/logo`

import type { PrintableDocument } from '@/billing/printable'
import type { DocKey, DocTranslate } from '@/lib/i18n'
import { AUTH_STORE_KEY } from '@/lib/pocketbase/auth-store-key'

/** The public routes of one document link; plain fetch, so the page loads no SDK. */
const base = (token: string) => `/api/folio/public/documents/${encodeURIComponent(token)}`

/**
 * The refusals the customer's page can meet, by the server's code, in the page's language (the
 * server's own sentence is English). A code not listed shows the server's sentence.
 */
const REFUSALS: Record<string, DocKey> = {
  folio_link_invalid: 'doc.public.linkGone',
  folio_accept_name: 'doc.public.answer.nameRequired',
  folio_note_too_long: 'doc.public.refusal.noteTooLong',
  folio_reject_reason: 'doc.public.refusal.reasonRequired',
  folio_reason_too_long: 'doc.public.refusal.reasonTooLong',
  folio_already_answered: 'doc.public.refusal.alreadyAnswered',
  folio_invoice_no_answer: 'doc.public.refusal.invoiceNoAnswer',
  folio_quote_expired: 'doc.public.refusal.expired',
  folio_card_not_offered: 'doc.public.card.notOffered',
  folio_card_nothing_due: 'doc.public.card.nothingDue',
}

/** A message of the page: one of its own, or a sentence the server wrote. */
export type PageMessage = { key: DocKey } | { text: string }

/** A page message in the page's language. */
export const say = (dt: DocTranslate, m: PageMessage) => ('key' in m ? dt(m.key) : m.text)

/** A refusal the server explained: what to say, and what to say at each field. */
export class Refused extends Error {
  constructor(
    readonly said: PageMessage,
    readonly status: number,
    readonly fields: Record<string, PageMessage> = {},
  ) {
    super('key' in said ? said.key : said.text)
  }
}

export const LINK_GONE: PageMessage = { key: 'doc.public.linkGone' }

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

/** The page's message for a server's code and sentence. */
function messageOf(code: unknown, sentence: unknown): PageMessage | null {
  const key = typeof code === 'string' ? REFUSALS[code] : undefined
  if (key) return { key }
  return typeof sentence === 'string' && sentence ? { text: sentence } : null
}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as {
    message?: unknown
    data?: Record<string, { code?: unknown; message?: unknown } | undefined>
  }
  if (res.ok) return body as T
  if (res.status === 404) throw new Refused(LINK_GONE, 404)
  if (res.status === 429) throw new Refused({ key: 'doc.public.error.tooMany' }, 429)
  const fields: Record<string, PageMessage> = {}
  let first: PageMessage | null = null
  for (const [k, v] of Object.entries(body.data ?? {})) {
    const m = messageOf(v?.code, v?.message)
    if (!m) continue
    fields[k] = m
    first ??= 'key' in m ? m : null
  }
  // One refusal (the usual case) is said in the page's language; otherwise the server's sentence.
  const said =
    (Object.keys(fields).length === 1 ? first : null) ??
    messageOf(undefined, body.message) ??
    ({ key: 'doc.public.error.unknown' } as const)
  throw new Refused(said, res.status, fields)
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

/** Whether the invoice can be paid by card now (the business connected Stripe), and how much. */
export interface CardOffer {
  available: boolean
  amount_cents: number
  currency: string
}

export async function fetchCardOffer(token: string): Promise<CardOffer> {
  return answer(await fetch(`${base(token)}/card`, { headers: { Accept: 'application/json' } }))
}

/** Asks for a Stripe Checkout page of the balance due; answers its address. */
export async function startCardPayment(token: string): Promise<string> {
  const res = await fetch(`${base(token)}/card`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })
  const { url } = await answer<{ url?: unknown }>(res)
  if (typeof url !== 'string' || !url) throw new Refused({ key: 'doc.public.card.failed' }, 502)
  return url
}

/** What the Checkout page sent the customer back with (?card=success|cancel), or null. */
export function cardReturn(search: string): 'success' | 'cancel' | null {
  const v = new URLSearchParams(search).get('card')
  return v === 'success' || v === 'cancel' ? v : null
}

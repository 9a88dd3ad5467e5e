import type { AuthFailure } from '@machines/auth/types'
import { MAX_QUERY_RETRIES, NO_RETRY_STATUSES } from '@/config/constants'
import { getLocale, SOURCE_LOCALE, whenNotEnglish } from './i18n'

/**
 * The one reader of errors from PocketBase. The SDK throws a ClientResponseError; it is read
 * here by its shape, so this file does not load the SDK (the sign-in screens stay small).
 */
interface ResponseError {
  status: number
  isAbort: boolean
  message: string
  /** The answer's JSON body: {message, data: {field: {code, message, params?}}, title?, mfaId?}. */
  body: Record<string, unknown>
  /** Whether it came from the SDK (it always carries a response) rather than from this app. */
  fromSdk: boolean
}

function readError(error: unknown): ResponseError | null {
  const e = error as {
    status?: unknown
    isAbort?: unknown
    message?: unknown
    response?: unknown
  } | null
  if (!e || typeof e !== 'object' || typeof e.status !== 'number') return null
  const body = e.response && typeof e.response === 'object' ? e.response : {}
  return {
    status: e.status,
    isAbort: e.isAbort === true,
    message: typeof e.message === 'string' ? e.message : '',
    body: body as Record<string, unknown>,
    fromSdk: 'response' in e,
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null)

/**
 * The server's refusals (server/internal/refusal): each field of `data` is {code, message,
 * params?}; a refusal about no field (not found, too many attempts…) sits under this key, which
 * no field can have. The code is stable, the message is the English sentence, and params are the
 * values it was filled in with, so the sentence can be said again in another language
 * (src/locales/<locale>/server.json, keyed by code).
 */
const REFUSAL_KEY = '@refusal'

/** A refusal as the server describes it. */
export interface Refusal {
  code: string
  message: string
  params: Record<string, unknown>
}

function refusalOf(v: unknown): Refusal | null {
  if (!v || typeof v !== 'object') return null
  const { code, message, params } = v as Record<string, unknown>
  if (typeof code !== 'string' || !code || typeof message !== 'string') return null
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {}
  return { code, message, params: values }
}

const dataOf = (body: Record<string, unknown> | undefined): Record<string, unknown> => {
  const data = body?.data
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
}

/**
 * Saying the server's English again in another language (src/lib/refusal-text.ts) is loaded only
 * with a language other than English: in English the server's sentences are shown as they came.
 */
let foreign: typeof import('./refusal-text') | null = null
whenNotEnglish(async () => {
  foreign = await import('./refusal-text')
})
const translating = () => (getLocale() === SOURCE_LOCALE ? null : foreign)

/** A message of this app in the interface's language; its English words in English. */
const say = (key: string, english: string) => translating()?.say(key, english) ?? english

/**
 * A refusal's sentence in the interface's language: in English (the server's language) the
 * server's sentence word for word; otherwise said again from its code and values.
 */
export const refusalText = (r: Refusal): string => translating()?.refusalText(r) ?? r.message

/**
 * The sentence of a whole answer in the interface's language: the refusal under REFUSAL_KEY, or
 * the field whose sentence it is, or one of PocketBase's own sentences; else as it came.
 */
function answerText(body: Record<string, unknown>, message: string): string {
  const data = dataOf(body)
  const own =
    refusalOf(data[REFUSAL_KEY]) ??
    Object.values(data)
      .map(refusalOf)
      .find((r) => r?.message === message)
  if (own?.message === message) return refusalText(own)
  return translating()?.pocketBaseSentence(message) ?? message
}

export const statusOf = (error: unknown): number => readError(error)?.status ?? 0

/** The code of an answer's refusal about no field ("folio_send_unverified"), "" for none. */
export const refusalCodeOf = (error: unknown): string =>
  refusalOf(dataOf(readError(error)?.body)[REFUSAL_KEY])?.code ?? ''

/** Server unreachable (or the browser knows it is offline): not an answer from the server. */
export function isNetworkError(error: unknown): boolean {
  const e = readError(error)
  if (e?.fromSdk) return e.status === 0 && !e.isAbort
  return error instanceof TypeError
}

/** The message of each field the server refused ({email: 'Taken'}), in the interface's language. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [k, v] of Object.entries(dataOf(readError(error)?.body))) {
    if (k.startsWith('@')) continue
    const message = text((v as { message?: unknown } | null)?.message)
    if (!message) continue
    const r = refusalOf(v)
    fields[k] = r ? refusalText({ ...r, message }) : message
  }
  return fields
}

/** PocketBase answers a first factor of a 2FA account with 401 {mfaId}. */
export function mfaIdOf(error: unknown): string | null {
  const e = readError(error)
  return e?.status === 401 ? text(e.body.mfaId) : null
}

/** SPEC §8 generic handler for failed mutations. */
export function mutationErrorMessage(error: unknown): string {
  const e = readError(error)
  const status = e?.status ?? 0
  if (status === 304) return say('serverauth.client.notModified', 'Content not modified!')
  if (status === 204) return say('serverauth.client.noContent', 'Content not found.')
  if (e) {
    const title = text(e.body.title)
    if (title) return title
    const message = text(e.body.message)
    if (status > 0 && message) return answerText(e.body, message)
  }
  return say('serverauth.client.failed', 'Something went wrong!')
}

/** A refused write: the sentence for the whole form and the message of each field. */
export function refusal(error: unknown): { message: string; fields: Record<string, string> } {
  const message = isNetworkError(error)
    ? say(
        'serverauth.client.offline',
        'The server could not be reached. Try again when you are back online.',
      )
    : mutationErrorMessage(error)
  return { message, fields: fieldErrorsOf(error) }
}

/**
 * Refusals the auth chart reads by their English words (SPEC §8's auth table maps "Invalid login
 * credentials" to its own sentence, which the app translates): they reach it as they came.
 */
const CHART_READS = new Set(['folio_invalid_credentials'])

/** Turns an SDK error into the plain data the auth chart understands. */
export function toFailure(error: unknown): AuthFailure {
  if (isNetworkError(error)) {
    const message = say('serverauth.client.unreachable', 'The server could not be reached.')
    return { kind: 'network', status: 0, message }
  }
  const e = readError(error)
  // Cut short (the page is being left or reloaded): no answer came, so nothing is known about
  // the session. Treated as unreachable, never as "invalid", so it is not cleared.
  if (e?.fromSdk && e.isAbort) {
    const message = say('serverauth.client.interrupted', 'The request was interrupted.')
    return { kind: 'network', status: 0, message }
  }
  if (e?.fromSdk) {
    const raw = typeof e.body.message === 'string' ? e.body.message : e.message
    const code = refusalOf(dataOf(e.body)[REFUSAL_KEY])?.code ?? ''
    const message = raw && !CHART_READS.has(code) ? answerText(e.body, raw) : raw
    return { kind: 'server', status: e.status, message, fields: fieldErrorsOf(error) }
  }
  return { kind: 'server', status: 0, message: error instanceof Error ? error.message : '' }
}

/** SPEC §9: never retry 401 or 403; anything else up to three more times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error)
  if (NO_RETRY_STATUSES.includes(status)) return false
  return failureCount < MAX_QUERY_RETRIES
}

export type QueryFailureAction =
  { kind: 'sessionExpired' } | { kind: 'serverError' } | { kind: 'none' }

/** SPEC §8 query failures: 401 ends the session, 500 goes to the error page. */
export function queryFailureAction(error: unknown): QueryFailureAction {
  const status = statusOf(error)
  if (status === 401) return { kind: 'sessionExpired' }
  if (status === 500) return { kind: 'serverError' }
  return { kind: 'none' }
}

import type { AuthFailure } from '@machines/auth/types'
import { MAX_QUERY_RETRIES, NO_RETRY_STATUSES } from '@/config/constants'
import {
  getIntlLocale,
  getLocale,
  hasMessage,
  SOURCE_LOCALE,
  t,
  type MessageKey,
  type MessageValues,
} from './i18n'

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
interface Refusal {
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
 * PocketBase's codes whose sentence needs its values, which PocketBase does not always send (a
 * password's length comes without them): without them the server's sentence is shown.
 */
const NEEDS_VALUES: Partial<Record<string, readonly string[]>> = {
  validation_min_text_constraint: ['min'],
  validation_max_text_constraint: ['max'],
  validation_length_out_of_range: ['min', 'max'],
  validation_length_too_long: ['max'],
  validation_length_too_short: ['min'],
  validation_length_invalid: ['min'],
  validation_invalid_value: ['value'],
  validation_min_number_constraint: ['min'],
  validation_max_number_constraint: ['max'],
  validation_too_many_values: ['maxSelect'],
  validation_not_enough_values: ['minSelect'],
  validation_json_size_limit: ['maxSize'],
  validation_too_many_files: ['maxSelect'],
  validation_file_size_limit: ['file', 'maxSize'],
}

/** PocketBase's own sentences for a whole answer (they come without a code). */
const POCKETBASE_SENTENCES: Partial<Record<string, MessageKey>> = {
  'An error occurred while validating the submitted data.': 'server.pocketbase.invalidData',
  'An error occurred while loading the submitted data.': 'server.pocketbase.unreadableData',
  'Failed to read the submitted data.': 'server.pocketbase.readFailed',
  'Failed to load the submitted data due to invalid formatting.': 'server.pocketbase.badFormat',
  'Failed to create record.': 'server.pocketbase.createFailed',
  'Failed to update record.': 'server.pocketbase.updateFailed',
  'Failed to delete record. Make sure that the record is not part of a required relation reference.':
    'server.pocketbase.deleteFailed',
  'Failed to authenticate.': 'serverauth.pocketbase.authFailed',
  'You are not allowed to perform this request.': 'server.pocketbase.forbidden',
  'Missing or invalid authentication.': 'server.pocketbase.unauthorized',
  'Too Many Requests.': 'serverauth.pocketbase.tooManyRequests',
  'Invalid or expired password reset token.': 'serverauth.pocketbase.invalidResetToken',
  'Invalid or expired verification token.': 'serverauth.pocketbase.invalidVerificationToken',
  'Invalid or expired token.': 'serverauth.validation_invalid_token',
  'Invalid or expired MFA session.': 'serverauth.folio_invalid_mfa_session',
  'Too many attempts, please try again later.': 'serverauth.folio_too_many_attempts',
  'Something went wrong while processing your request.': 'server.folio_bad_request',
  "The requested resource wasn't found.": 'server.folio_not_found',
}

/**
 * The key of a server message that is loaded: most live in `server` (with the signed-in app);
 * the few the signed-out screens show (sign-in, 2FA, reset, network) live in `serverauth`, which
 * loads with those screens. Null when neither is loaded.
 */
function serverKey(key: string): MessageKey | null {
  if (hasMessage(key)) return key
  const signedOut = key.replace(/^server\./, 'serverauth.')
  return hasMessage(signedOut) ? signedOut : null
}

/** A message of this app, or its English words while its bundle isn't loaded. */
const say = (key: MessageKey | string, english: string) => {
  const loaded = serverKey(key)
  return loaded ? t(loaded) : english
}

/** An amount in the interface's way of writing money; null for a currency Intl doesn't know. */
function moneyText(cents: number, currency: string): string | null {
  try {
    const format = new Intl.NumberFormat(getIntlLocale(), { style: 'currency', currency })
    return format.format(cents / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2))
  } catch {
    return null
  }
}

/**
 * The values of a refusal's sentence as the catalogue reads them: an amount ({amount} with
 * amount_cents and currency) in the interface's money format; a list (e.g. the settings that are
 * missing) as a list in the interface's language, each item by its key
 * `server.<code>.<param>.<item>`.
 */
function valuesOf(code: string, params: Record<string, unknown>): MessageValues {
  const values: MessageValues = {}
  for (const [name, v] of Object.entries(params)) {
    if (typeof v === 'string' || typeof v === 'number') values[name] = v
    else if (typeof v === 'boolean') values[name] = String(v)
    else if (Array.isArray(v)) {
      const items = v.map((item) => {
        const key = `server.${code}.${name}.${String(item)}`
        return hasMessage(key) ? t(key) : String(item)
      })
      values[name] = new Intl.ListFormat(getIntlLocale(), { type: 'conjunction' }).format(items)
    }
  }
  for (const name of Object.keys(values)) {
    const cents = params[`${name}_cents`]
    const currency = params.currency
    if (typeof cents === 'number' && typeof currency === 'string')
      values[name] = moneyText(cents, currency) ?? values[name] ?? ''
  }
  return values
}

/**
 * A refusal's sentence in the interface's language. In English (the server's language) it is
 * the server's sentence as it came, word for word; otherwise it is said again from the code and
 * its values, or left as it came for a code the loaded catalogue doesn't know (the `server`
 * messages load with the signed-in app).
 */
export function refusalText(r: {
  code: string
  message: string
  params?: Record<string, unknown>
}): string {
  const params = r.params ?? {}
  if (getLocale() === SOURCE_LOCALE) return r.message
  const key = serverKey(`server.${r.code}`)
  if (!key || NEEDS_VALUES[r.code]?.some((n) => params[n] === undefined)) return r.message
  return t(key, valuesOf(r.code, params))
}

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
  const key = POCKETBASE_SENTENCES[message]
  return key ? say(key, message) : message
}

export const statusOf = (error: unknown): number => readError(error)?.status ?? 0

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

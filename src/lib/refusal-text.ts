// Saying the server's refusals again in the interface's language, from their codes and values
// (src/locales/<locale>/server.json and serverauth.json). Loaded by src/lib/errors.ts only when
// the interface speaks another language than English: in English the server's words are shown.
import { getIntlLocale, hasMessage, t, type MessageKey, type MessageValues } from './i18n'
import type { Refusal } from './errors'

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
export function say(key: string, english: string): string {
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

/** A refusal's sentence said again from its code and values, or as it came when unknown. */
export function refusalText(r: Refusal): string {
  const params = r.params ?? {}
  const key = serverKey(`server.${r.code}`)
  if (!key || NEEDS_VALUES[r.code]?.some((n) => params[n] === undefined)) return r.message
  return t(key, valuesOf(r.code, params))
}

/** One of PocketBase's own sentences (they come without a code), or null. */
export function pocketBaseSentence(message: string): string | null {
  const key = POCKETBASE_SENTENCES[message]
  return key ? say(key, message) : null
}

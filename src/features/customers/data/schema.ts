import * as v from 'valibot'
import { currencyCode, message, termsDaysText } from '@/billing/fields'
import { isLocale, type MessageKey } from '@/lib/i18n'

/** Optional text up to `max` characters; `tooLong` says so, with {max}. */
const optionalText = (max: number, tooLong: MessageKey) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, message(tooLong, { max })))

/** The customer form, with the server's limits, so mistakes show at the field before saving. */
export const customerSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(message('customers.validation.nameRequired')),
    v.maxLength(200, message('customers.validation.nameMax', { max: 200 })),
  ),
  contact_name: optionalText(200, 'customers.validation.contactNameMax'),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
      message('customers.validation.email'),
    ),
  ),
  phone: optionalText(50, 'customers.validation.phoneMax'),
  website: v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => (s && !/^https?:\/\//i.test(s) ? `https://${s}` : s)),
    v.check((s) => {
      if (!s) return true
      try {
        return Boolean(new URL(s).hostname.includes('.'))
      } catch {
        return false
      }
    }, message('customers.validation.website')),
  ),
  tax_id: optionalText(50, 'customers.validation.taxIdMax'),
  address: optionalText(1000, 'customers.validation.addressMax'),
  city: optionalText(100, 'customers.validation.cityMax'),
  postal_code: optionalText(20, 'customers.validation.postalCodeMax'),
  country: v.pipe(
    v.string(),
    v.check((s) => s === '' || /^[A-Z]{2}$/.test(s), message('customers.validation.country')),
  ),
  currency: currencyCode,
  payment_terms_days: termsDaysText,
  notes: optionalText(5000, 'customers.validation.notesMax'),
  endpoint_id: optionalText(200, 'customers.validation.endpointIdMax'),
  endpoint_scheme: v.string(),
  buyer_reference: optionalText(100, 'customers.validation.buyerReferenceMax'),
  /** The language of the customer's documents; "" follows the business's. */
  language: v.pipe(
    v.string(),
    v.check((s) => s === '' || isLocale(s), message('customers.validation.language')),
  ),
  /** This customer gets no automatic payment reminders. */
  reminders_opt_out: v.boolean(),
})

/** The electronic address needs its scheme, and an email scheme an email. */
export const customerFormSchema = v.pipe(
  customerSchema,
  v.forward(
    v.partialCheck(
      [['endpoint_id'], ['endpoint_scheme']],
      (c) => !c.endpoint_id || !!c.endpoint_scheme,
      message('customers.validation.endpointScheme'),
    ),
    ['endpoint_scheme'],
  ),
  v.forward(
    v.partialCheck(
      [['endpoint_id'], ['endpoint_scheme']],
      (c) => c.endpoint_scheme !== 'EM' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.endpoint_id),
      message('customers.validation.endpointEmail'),
    ),
    ['endpoint_id'],
  ),
)

export type CustomerFormInput = v.InferInput<typeof customerFormSchema>
export type CustomerFormOutput = v.InferOutput<typeof customerFormSchema>

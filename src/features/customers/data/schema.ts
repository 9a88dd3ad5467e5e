import * as v from 'valibot'
import { currencyCode, termsDaysText } from '@/billing/fields'

const optionalText = (max: number, label: string) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, `${label} can be at most ${max} characters`))

/** The customer form, with the server's limits, so mistakes show at the field before saving. */
export const customerSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter the customer’s name'),
    v.maxLength(200, 'The name can be at most 200 characters'),
  ),
  contact_name: optionalText(200, 'The contact name'),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'Enter a valid email address'),
  ),
  phone: optionalText(50, 'The phone number'),
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
    }, 'Enter a website address like example.com'),
  ),
  tax_id: optionalText(50, 'The tax ID'),
  address: optionalText(1000, 'The address'),
  city: optionalText(100, 'The city'),
  postal_code: optionalText(20, 'The postal code'),
  country: v.pipe(
    v.string(),
    v.check((s) => s === '' || /^[A-Z]{2}$/.test(s), 'Choose a country'),
  ),
  currency: currencyCode,
  payment_terms_days: termsDaysText,
  notes: optionalText(5000, 'Notes'),
  endpoint_id: optionalText(200, 'The electronic address'),
  endpoint_scheme: v.string(),
  buyer_reference: optionalText(100, 'The buyer reference'),
})

/** The electronic address needs its scheme, and an email scheme an email. */
export const customerFormSchema = v.pipe(
  customerSchema,
  v.forward(
    v.partialCheck(
      [['endpoint_id'], ['endpoint_scheme']],
      (c) => !c.endpoint_id || !!c.endpoint_scheme,
      'Choose the scheme of the electronic address.',
    ),
    ['endpoint_scheme'],
  ),
  v.forward(
    v.partialCheck(
      [['endpoint_id'], ['endpoint_scheme']],
      (c) => c.endpoint_scheme !== 'EM' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.endpoint_id),
      'Enter the email address that receives e-invoices',
    ),
    ['endpoint_id'],
  ),
)

export type CustomerFormInput = v.InferInput<typeof customerFormSchema>
export type CustomerFormOutput = v.InferOutput<typeof customerFormSchema>

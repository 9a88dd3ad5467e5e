import * as v from 'valibot'
import { message } from '@/billing/fields'
import { isValidIban, normalizeIban } from '@/billing/payment-code'
import type { Vendor } from '@/billing/types'

const text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, message('billing.field.maxChars', { max })))

/** The vendor form, with the server's limits, so mistakes show at the field before saving. */
export const vendorSchema = v.object({
  name: v.pipe(text(200), v.nonEmpty(message('expenses.validation.vendorRequired'))),
  address: text(1000),
  country: v.string(),
  vat_id: text(32),
  iban: v.pipe(
    v.string(),
    v.transform(normalizeIban),
    v.check((s) => s === '' || isValidIban(s), message('expenses.validation.iban')),
  ),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
      message('expenses.validation.email'),
    ),
  ),
})

export type VendorFormInput = v.InferInput<typeof vendorSchema>
export type VendorFormOutput = v.InferOutput<typeof vendorSchema>

export const toVendorInput = (x: Partial<Vendor>): VendorFormInput => ({
  name: x.name ?? '',
  address: x.address ?? '',
  country: x.country ?? '',
  vat_id: x.vat_id ?? '',
  iban: x.iban ?? '',
  email: x.email ?? '',
})

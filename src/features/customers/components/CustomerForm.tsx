import { Field } from '@/components/ui/field'
import { CurrencySelect } from '@/billing/ui/CurrencySelect'
import { FormFooter } from '@/components/ui/form-footer'
import { TextAreaField } from '@/components/ui/inputs'
import { useForm, type Refusal } from '@/lib/use-form'
import { useDraft } from '@/lib/drafts'
import { DraftNotice } from '@/components/ui/draft-notice'
import type { Customer } from '@/billing/types'
import { AddressSchemeSelect, CountrySelect } from '@/billing/ui/CodeSelects'
import { customerFormSchema, type CustomerFormInput, type CustomerFormOutput } from '../data/schema'

export function toFormInput(
  c: Partial<Customer>,
  defaults: { currency: string; terms: number },
): CustomerFormInput {
  return {
    name: c.name ?? '',
    contact_name: c.contact_name ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    website: c.website ?? '',
    tax_id: c.tax_id ?? '',
    address: c.address ?? '',
    city: c.city ?? '',
    postal_code: c.postal_code ?? '',
    country: c.country ?? '',
    currency: c.currency || defaults.currency,
    payment_terms_days: String(c.payment_terms_days ?? defaults.terms),
    notes: c.notes ?? '',
    endpoint_id: (c as { endpoint_id?: string }).endpoint_id ?? '',
    endpoint_scheme: (c as { endpoint_scheme?: string }).endpoint_scheme ?? '',
    buyer_reference: (c as { buyer_reference?: string }).buyer_reference ?? '',
  }
}

/**
 * The customer form. Messages show at each field; what was typed stays when the server refuses
 * (its message goes to the field it names, or above the buttons).
 */
export function CustomerForm({
  initial,
  currencyLocked,
  submitLabel,
  onSubmit,
  onCancel,
  draftKey = null,
}: {
  initial: CustomerFormInput
  currencyLocked?: boolean
  submitLabel: string
  /** Resolves to the server's refusal, or nothing when saved. */
  onSubmit: (values: CustomerFormOutput) => Promise<Refusal | void>
  onCancel: () => void
  /** Where what is typed is kept until it is saved (null: not kept). */
  draftKey?: string | null
}) {
  const { values, setValues, set, errors, formError, busy, handleSubmit } = useForm(
    customerFormSchema,
    initial,
  )
  const draft = useDraft(draftKey, values, setValues, initial)
  const submit = handleSubmit(async (output) => {
    const refused = await onSubmit(output)
    if (!refused) draft.clear()
    return refused
  })

  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-6">
      {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">Customer</legend>
        <Field
          label="Name"
          required
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="organization"
        />
        <Field
          label="Contact person"
          value={values.contact_name}
          onChange={set('contact_name')}
          error={errors.contact_name}
          autoComplete="name"
        />
        <Field
          label="Email"
          type="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          autoComplete="email"
          hint="Invoices and quotes are sent here."
        />
        <Field
          label="Phone"
          type="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          autoComplete="tel"
        />
        <Field
          label="Website"
          value={values.website}
          onChange={set('website')}
          error={errors.website}
          autoComplete="url"
        />
        <Field
          label="Tax ID"
          value={values.tax_id}
          onChange={set('tax_id')}
          error={errors.tax_id}
          hint="VAT or other tax number, printed on documents; for e-invoices, the VAT ID with its country prefix."
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">Address</legend>
        <TextAreaField
          label="Street address"
          className="sm:col-span-2"
          rows={2}
          value={values.address}
          onChange={set('address')}
          error={errors.address}
          autoComplete="street-address"
        />
        <Field
          label="City"
          value={values.city}
          onChange={set('city')}
          error={errors.city}
          autoComplete="address-level2"
        />
        <Field
          label="Postal code"
          value={values.postal_code}
          onChange={set('postal_code')}
          error={errors.postal_code}
          autoComplete="postal-code"
        />
        <CountrySelect
          label="Country"
          value={values.country}
          onChange={set('country')}
          error={errors.country}
          empty="Not set"
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">Billing</legend>
        <CurrencySelect
          label="Currency"
          value={values.currency}
          onChange={set('currency')}
          error={errors.currency}
          disabled={currencyLocked}
          hint={
            currencyLocked
              ? 'Fixed: this customer already has quotes or invoices.'
              : 'Quotes and invoices for this customer use it.'
          }
        />
        <Field
          label="Payment terms (days)"
          inputMode="numeric"
          value={values.payment_terms_days}
          onChange={set('payment_terms_days')}
          error={errors.payment_terms_days}
          hint="Days from the issue date to the due date."
        />
        <TextAreaField
          label="Notes"
          className="sm:col-span-2"
          value={values.notes}
          onChange={set('notes')}
          error={errors.notes}
          hint="Only you see these."
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">E-invoicing</legend>
        <Field
          label="Electronic address"
          hint="Where e-invoices go (Peppol, XRechnung)."
          value={values.endpoint_id}
          onChange={set('endpoint_id')}
          error={errors.endpoint_id}
          autoComplete="off"
        />
        <AddressSchemeSelect
          label="Address scheme"
          value={values.endpoint_scheme}
          onChange={set('endpoint_scheme')}
          error={errors.endpoint_scheme}
          empty="None"
        />
        <Field
          label="Buyer reference"
          hint="For German public buyers: their Leitweg-ID, e.g. 04011000-12345-03."
          value={values.buyer_reference}
          onChange={set('buyer_reference')}
          error={errors.buyer_reference}
          autoComplete="off"
        />
      </fieldset>
      <FormFooter formError={formError} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  )
}

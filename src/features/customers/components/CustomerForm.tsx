import { useId, useState } from 'react'
import { Field } from '@/components/ui/field'
import { CurrencySelect } from '@/billing/ui/CurrencySelect'
import { FormFooter } from '@/components/ui/form-footer'
import { TextAreaField } from '@/components/ui/inputs'
import { useForm, type Refusal } from '@/lib/use-form'
import { useDraft } from '@/lib/drafts'
import { useT } from '@/lib/i18n'
import { DraftOffer } from '@/components/ui/draft-notice'
import type { Customer } from '@/billing/types'
import { shownOnce } from '@/billing/ui/shown-once'
import { AddressSchemeSelect, CountrySelect, LanguageSelect } from '@/billing/ui/CodeSelects'
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
    language: c.language ?? '',
    reminders_opt_out: c.reminders_opt_out === true,
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
  version,
}: {
  initial: CustomerFormInput
  currencyLocked?: boolean
  submitLabel: string
  /** Resolves to the server's refusal, or nothing when saved. */
  onSubmit: (values: CustomerFormOutput, version?: string) => Promise<Refusal | void>
  onCancel: () => void
  /** Where what is typed is kept until it is saved (null: not kept). */
  draftKey?: string | null
  /** The edited record's version (`updated`): the one it had when the form opened is kept. */
  version?: string
}) {
  const t = useT()
  const [openedVersion] = useState(version)
  const ids = useId()
  const { values, setValues, bind, formError, busy, handleSubmit } = useForm(
    customerFormSchema,
    initial,
  )
  const draft = useDraft(draftKey, values, setValues, initial)
  const submit = handleSubmit(async (output) => {
    // Saving: the draft goes first, as the save may go on to the saved record.
    draft.clear()
    const refused = await onSubmit(output, openedVersion)
    if (refused) draft.keep()
    return refused && shownOnce(refused, Object.keys(initial), t)
  })

  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-6">
      <DraftOffer draft={draft} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t('customers.form.customer')}</legend>
        <Field
          label={t('customers.form.name')}
          required
          {...bind('name')}
          autoComplete="organization"
        />
        <Field
          label={t('customers.form.contactPerson')}
          {...bind('contact_name')}
          autoComplete="name"
        />
        {/* Addresses, numbers and codes are written left to right, in a right-to-left form too. */}
        <Field
          label={t('customers.form.email')}
          type="email"
          {...bind('email')}
          dir="ltr"
          autoComplete="email"
          hint={t('customers.form.emailHint')}
        />
        <Field
          label={t('customers.form.phone')}
          type="tel"
          {...bind('phone')}
          dir="ltr"
          autoComplete="tel"
        />
        <Field
          label={t('customers.form.website')}
          {...bind('website')}
          dir="ltr"
          autoComplete="url"
        />
        <Field
          label={t('customers.form.taxId')}
          {...bind('tax_id')}
          dir="ltr"
          hint={t('customers.form.taxIdHint')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t('customers.form.address')}</legend>
        <TextAreaField
          label={t('customers.form.streetAddress')}
          className="sm:col-span-2"
          rows={2}
          {...bind('address')}
          autoComplete="street-address"
        />
        <Field label={t('customers.form.city')} {...bind('city')} autoComplete="address-level2" />
        <Field
          label={t('customers.form.postalCode')}
          {...bind('postal_code')}
          dir="ltr"
          autoComplete="postal-code"
        />
        <CountrySelect
          label={t('customers.form.country')}
          {...bind('country')}
          empty={t('customers.form.notSet')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t('customers.form.billing')}</legend>
        <CurrencySelect
          label={t('customers.form.currency')}
          {...bind('currency')}
          disabled={currencyLocked}
          hint={
            currencyLocked ? t('customers.form.currencyLocked') : t('customers.form.currencyHint')
          }
        />
        <LanguageSelect
          label={t('customers.form.language')}
          {...bind('language')}
          empty={t('customers.form.languageDefault')}
          hint={t('customers.form.languageHint')}
        />
        <Field
          label={t('customers.form.paymentTerms')}
          inputMode="numeric"
          {...bind('payment_terms_days')}
          hint={t('customers.form.paymentTermsHint')}
        />
        <TextAreaField
          label={t('customers.form.notes')}
          className="sm:col-span-2"
          {...bind('notes')}
          hint={t('customers.form.notesHint')}
        />
        <div className="flex items-start gap-3 sm:col-span-2">
          <input
            id={`${ids}-reminders`}
            type="checkbox"
            className="mt-0.5 size-4 accent-[var(--primary)]"
            checked={values.reminders_opt_out}
            aria-describedby={`${ids}-reminders-hint`}
            onChange={(e) => {
              const optOut = e.target.checked
              setValues((old) => ({ ...old, reminders_opt_out: optOut }))
            }}
          />
          <div className="grid gap-0.5">
            <label htmlFor={`${ids}-reminders`} className="text-sm font-medium">
              {t('dunning.customer.optOut')}
            </label>
            <p id={`${ids}-reminders-hint`} className="text-sm text-muted-foreground">
              <bdi>{t('dunning.customer.optOutHint')}</bdi>
            </p>
          </div>
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t('customers.form.eInvoicing')}</legend>
        <Field
          label={t('customers.form.endpointId')}
          hint={t('customers.form.endpointIdHint')}
          {...bind('endpoint_id')}
          dir="ltr"
          autoComplete="off"
        />
        <AddressSchemeSelect
          label={t('customers.form.endpointScheme')}
          {...bind('endpoint_scheme')}
          empty={t('customers.form.none')}
        />
        <Field
          label={t('customers.form.buyerReference')}
          hint={t('customers.form.buyerReferenceHint')}
          {...bind('buyer_reference')}
          dir="ltr"
          autoComplete="off"
        />
      </fieldset>
      <FormFooter formError={formError} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  )
}

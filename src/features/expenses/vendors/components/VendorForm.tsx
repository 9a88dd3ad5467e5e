import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import { FormFooter } from '@/components/ui/form-footer'
import { DraftOffer } from '@/components/ui/draft-notice'
import { CountrySelect } from '@/billing/ui/CodeSelects'
import { useRecordForm, type RecordFormProps } from '@/billing/ui/record-form'
import { useT } from '@/lib/i18n'
import { vendorSchema } from '../data/schema'

/**
 * The vendor form: name, address, country, VAT ID, IBAN and email. Read-only (a fieldset
 * disabled) for a role that may not write.
 */
export function VendorForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  readOnly = false,
  draftKey = null,
  version,
}: RecordFormProps<typeof vendorSchema>) {
  const t = useT()
  const { values, set, bind, errors, formError, busy, draft, submit } = useRecordForm(
    vendorSchema,
    { initial, onSubmit, readOnly, draftKey, version },
  )
  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-6">
      <DraftOffer draft={draft} />
      <fieldset disabled={readOnly} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t('expenses.vendor.details')}</legend>
        <Field label={t('expenses.vendor.name')} required dir="auto" {...bind('name')} />
        <Field
          label={t('expenses.vendor.email')}
          type="email"
          dir="ltr"
          autoComplete="off"
          {...bind('email')}
        />
        <TextAreaField
          label={t('expenses.vendor.address')}
          className="sm:col-span-2"
          rows={3}
          dir="auto"
          {...bind('address')}
        />
        <CountrySelect
          label={t('expenses.vendor.country')}
          empty={t('expenses.vendor.countryNone')}
          value={values.country}
          onChange={set('country')}
          error={errors.country}
        />
        <Field
          label={t('expenses.vendor.vatId')}
          dir="ltr"
          autoComplete="off"
          {...bind('vat_id')}
        />
        <Field
          label={t('expenses.vendor.iban')}
          dir="ltr"
          autoComplete="off"
          className="sm:col-span-2"
          {...bind('iban')}
        />
      </fieldset>
      {readOnly ? null : (
        <FormFooter
          formError={formError}
          busy={busy}
          submitLabel={submitLabel}
          onCancel={onCancel}
        />
      )}
    </form>
  )
}

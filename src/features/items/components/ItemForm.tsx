import { Plus, Trash2 } from 'lucide-react'
import { Field } from '@/components/ui/field'
import { SelectField, TextAreaField } from '@/components/ui/inputs'
import { Button } from '@/components/ui/button'
import { FormFooter } from '@/components/ui/form-footer'
import { DraftOffer } from '@/components/ui/draft-notice'
import { CurrencySelect } from '@/billing/ui/CurrencySelect'
import { UNIT_CODE_NAMES, type UnitCode } from '@/billing/ui/LineUnitField'
import { VAT_CATEGORY_LABELS, type ZeroRateCategory } from '@/billing/ui/vat-categories'
import { useRecordForm, type RecordFormProps } from '@/billing/ui/record-form'
import { unitCodeFor } from '@/billing/einvoice/units'
import { COMMON_CURRENCIES } from '@/billing/currencies'
import { useT } from '@/lib/i18n'
import { itemSchema } from '../data/schema'

/**
 * The item form: name, description, SKU, unit and its code, tax rate (and the VAT category at
 * 0 %), and a price per currency. Messages show at each field; what was typed stays when the
 * server refuses. Read-only (a fieldset disabled) for a role that may not write.
 */
export function ItemForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  readOnly = false,
  draftKey = null,
  version,
}: RecordFormProps<typeof itemSchema>) {
  const t = useT()
  const { values, setValues, set, bind, errors, clearError, formError, busy, draft, submit } =
    useRecordForm(itemSchema, { initial, onSubmit, readOnly, draftKey, version })
  const setPrice = (i: number, k: 'currency' | 'amount', value: string) => {
    setValues((f) => ({
      ...f,
      prices: f.prices.map((p, j) => (j === i ? { ...p, [k]: value } : p)),
    }))
    clearError(`prices.${i}.amount`)
    clearError('prices')
  }
  const unused = COMMON_CURRENCIES.find((c) => !values.prices.some((p) => p.currency === c))
  const zeroRate = !Number(values.tax_rate.replace(',', '.'))

  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-6">
      <DraftOffer draft={draft} />
      <fieldset disabled={readOnly} className="grid min-w-0 gap-6">
        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">{t('items.form.item')}</legend>
          <Field label={t('items.form.name')} required dir="auto" {...bind('name')} />
          <Field
            label={t('items.form.sku')}
            dir="ltr"
            hint={t('items.form.skuHint')}
            autoComplete="off"
            {...bind('sku')}
          />
          <TextAreaField
            label={t('items.form.description')}
            className="sm:col-span-2"
            rows={2}
            dir="auto"
            hint={t('items.form.descriptionHint')}
            {...bind('description')}
          />
          <Field
            label={t('items.form.unit')}
            dir="auto"
            placeholder={t('documents.line.unitPlaceholder')}
            {...bind('unit')}
          />
          <SelectField
            label={t('items.form.unitCode')}
            hint={t('documents.line.unitCodeTitle')}
            value={values.unit_code}
            onChange={set('unit_code')}
          >
            <option value="">
              {t('documents.line.unitCodeAuto', { code: unitCodeFor(values.unit) })}
            </option>
            {(Object.keys(UNIT_CODE_NAMES) as UnitCode[]).map((code) => (
              <option key={code} value={code}>
                {code} — {t(UNIT_CODE_NAMES[code])}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('items.form.taxRate')}
            inputMode="decimal"
            dir="auto"
            {...bind('tax_rate')}
          />
          {zeroRate ? (
            <SelectField
              label={t('items.form.vatCategory')}
              hint={t('items.form.vatCategoryHint')}
              value={values.vat_category}
              onChange={set('vat_category')}
            >
              {(Object.keys(VAT_CATEGORY_LABELS) as ZeroRateCategory[]).map((code) => (
                <option key={code} value={code}>
                  {t(VAT_CATEGORY_LABELS[code])}
                </option>
              ))}
            </SelectField>
          ) : null}
        </fieldset>
        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-1 text-base font-semibold">{t('items.form.prices')}</legend>
          <p className="text-sm text-muted-foreground">{t('items.form.pricesHint')}</p>
          <ul className="grid gap-3">
            {values.prices.map((p, i) => (
              <li
                key={i}
                className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <CurrencySelect
                  label={t('items.form.currency')}
                  value={p.currency}
                  onChange={(e) => setPrice(i, 'currency', e.target.value)}
                />
                <Field
                  label={t('items.form.priceIn', { currency: p.currency })}
                  inputMode="decimal"
                  dir="auto"
                  value={p.amount}
                  onChange={(e) => setPrice(i, 'amount', e.target.value)}
                  error={errors[`prices.${i}.amount`]}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="sm:mt-7"
                  aria-label={t('items.form.removePrice', { currency: p.currency })}
                  onClick={() => {
                    setValues((f) => ({ ...f, prices: f.prices.filter((_, j) => j !== i) }))
                    clearError(`prices.${i}.amount`)
                  }}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          {unused ? (
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  setValues((f) => ({
                    ...f,
                    prices: [...f.prices, { currency: unused, amount: '' }],
                  }))
                }
              >
                <Plus className="size-4" aria-hidden />
                {t('items.form.addPrice')}
              </Button>
            </div>
          ) : null}
        </fieldset>
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

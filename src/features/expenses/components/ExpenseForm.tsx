import { useEffect, useId, useState } from 'react'
import { Plus, Trash2 } from 'lucide-react'
import { Field } from '@/components/ui/field'
import { SelectField, TextAreaField } from '@/components/ui/inputs'
import { Button } from '@/components/ui/button'
import { FileInput } from '@/components/ui/file-input'
import { FormFooter } from '@/components/ui/form-footer'
import { DraftOffer } from '@/components/ui/draft-notice'
import { CurrencySelect } from '@/billing/ui/CurrencySelect'
import { useRecordForm } from '@/billing/ui/record-form'
import { EXPENSE_PAYMENT_METHODS, type Vendor } from '@/billing/types'
import type { Refusal } from '@/lib/use-form'
import { useT } from '@/lib/i18n'
import {
  MAX_VAT_LINES,
  expenseSchema,
  vendorNamed,
  type ExpenseFormInput,
  type ExpenseFormOutput,
  type VatLineInput,
} from '../data/schema'
import { RECEIPT_ACCEPT, prepareLazily } from '../data/receipt'
import { ExpenseTotalsPreview } from './ExpenseTotalsPreview'
import { PhotoButton } from './PhotoButton'

/**
 * The expense form: the receipt (a photo or a PDF), who sold it and when, the VAT lines as the
 * receipt shows them (gross or net per rate, the printed VAT if any), the category and the
 * payment. Messages show at each field; what was typed stays when the server refuses.
 */
export function ExpenseForm({
  initial,
  vendors,
  categories,
  savedReceipt,
  submitLabel,
  onSubmit,
  onCancel,
  draftKey = null,
  version,
  pickedReceipt = null,
}: {
  initial: ExpenseFormInput
  vendors: readonly Vendor[]
  categories: readonly string[]
  /** What the saved expense's receipt is called (none: it has none yet). */
  savedReceipt?: string
  submitLabel: string
  onSubmit: (
    values: ExpenseFormOutput,
    receipt: File | null,
    version?: string,
  ) => Promise<Refusal | void>
  onCancel: () => void
  draftKey?: string | null
  version?: string
  /** A receipt photographed from the list's "Photograph a receipt", being made smaller. */
  pickedReceipt?: Promise<File> | null
}) {
  const t = useT()
  const ids = useId()
  const [receipt, setReceipt] = useState<File | null>(null)
  const [preparing, setPreparing] = useState(Boolean(pickedReceipt))
  const { values, setValues, set, bind, errors, clearError, formError, busy, draft, submit } =
    useRecordForm(expenseSchema, {
      initial,
      onSubmit: (output, opened) => onSubmit(output, receipt, opened),
      draftKey,
      version,
    })

  const pick = async (file: File | undefined) => {
    if (!file) return
    setPreparing(true)
    try {
      setReceipt(await prepareLazily(file))
    } finally {
      setPreparing(false)
    }
  }

  useEffect(() => {
    if (!pickedReceipt) return
    let live = true
    pickedReceipt
      .then((file) => live && setReceipt(file))
      .catch(() => {})
      .finally(() => live && setPreparing(false))
    return () => {
      live = false
    }
  }, [pickedReceipt])

  const setLine = (i: number, change: Partial<VatLineInput>) => {
    setValues((f) => ({
      ...f,
      lines: f.lines.map((l, j) => (j === i ? { ...l, ...change } : l)),
    }))
    for (const k of Object.keys(change)) clearError(`lines.${i}.${k}`)
  }
  const setVendorName = (name: string) => {
    const known = vendorNamed(vendors, name)
    setValues((f) => ({ ...f, vendor_name: name, vendor: known?.id ?? '' }))
    clearError('vendor_name')
  }
  const vendorList = `${ids}-vendors`
  const categoryList = `${ids}-categories`
  const shownName = receipt?.name ?? savedReceipt ?? null

  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-6">
      <DraftOffer draft={draft} />
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-base font-semibold">{t('expenses.form.receipt')}</legend>
        <div className="flex flex-wrap items-end gap-3">
          <PhotoButton label={t('expenses.form.takePhoto')} onPick={(f) => void pick(f)} />
          <FileInput
            label={t('expenses.form.receiptFile')}
            accept={RECEIPT_ACCEPT}
            hint={t('expenses.form.receiptHint')}
            fileName={preparing ? t('expenses.form.preparing') : shownName}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </div>
      </fieldset>
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t('expenses.form.expense')}</legend>
        <Field
          label={t('expenses.form.vendor')}
          required
          dir="auto"
          list={vendorList}
          autoComplete="off"
          hint={values.vendor ? t('expenses.form.vendorKnown') : t('expenses.form.vendorHint')}
          value={values.vendor_name}
          onChange={(e) => setVendorName(e.target.value)}
          error={errors.vendor_name}
        />
        <datalist id={vendorList}>
          {vendors.map((x) => (
            <option key={x.id} value={x.name} />
          ))}
        </datalist>
        <Field label={t('expenses.form.number')} dir="auto" {...bind('number')} />
        <Field label={t('expenses.form.date')} type="date" required {...bind('date')} />
        <Field label={t('expenses.form.dueDate')} type="date" {...bind('due_date')} />
        <Field
          label={t('expenses.form.category')}
          dir="auto"
          list={categoryList}
          autoComplete="off"
          {...bind('category')}
        />
        <datalist id={categoryList}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <CurrencySelect
          label={t('expenses.form.currency')}
          value={values.currency}
          onChange={set('currency')}
          error={errors.currency}
        />
        <TextAreaField
          label={t('expenses.form.description')}
          className="sm:col-span-2"
          rows={2}
          dir="auto"
          {...bind('description')}
        />
      </fieldset>
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-base font-semibold">{t('expenses.form.vatLines')}</legend>
        <p className="text-sm text-muted-foreground">{t('expenses.form.vatLinesHint')}</p>
        {errors.lines ? <p className="text-sm text-destructive">{errors.lines}</p> : null}
        <ul className="grid gap-3">
          {values.lines.map((l, i) => (
            <li
              key={i}
              className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-2 lg:grid-cols-[6rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:border-0 lg:p-0"
            >
              <Field
                label={t('expenses.form.rate')}
                inputMode="decimal"
                dir="auto"
                value={l.rate}
                onChange={(e) => setLine(i, { rate: e.target.value })}
                error={errors[`lines.${i}.rate`]}
              />
              <SelectField
                label={t('expenses.form.basis')}
                value={l.basis}
                onChange={(e) => setLine(i, { basis: e.target.value as VatLineInput['basis'] })}
              >
                <option value="gross">{t('expenses.form.basisGross')}</option>
                <option value="net">{t('expenses.form.basisNet')}</option>
              </SelectField>
              <Field
                label={
                  l.basis === 'gross'
                    ? t('expenses.form.grossIn', { currency: values.currency })
                    : t('expenses.form.netIn', { currency: values.currency })
                }
                inputMode="decimal"
                dir="auto"
                value={l.amount}
                // A new amount makes the printed VAT of the old one wrong: it is typed again.
                onChange={(e) => setLine(i, { amount: e.target.value, vat: '' })}
                error={errors[`lines.${i}.amount`]}
              />
              <Field
                label={t('expenses.form.printedVat')}
                inputMode="decimal"
                dir="auto"
                hint={t('expenses.form.printedVatHint')}
                value={l.vat}
                onChange={(e) => setLine(i, { vat: e.target.value })}
                error={errors[`lines.${i}.vat`]}
              />
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-start lg:mt-7"
                disabled={values.lines.length === 1}
                aria-label={t('expenses.form.removeRate', { rate: l.rate || '0' })}
                onClick={() =>
                  setValues((f) => ({ ...f, lines: f.lines.filter((_, j) => j !== i) }))
                }
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        {values.lines.length < MAX_VAT_LINES ? (
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                setValues((f) => ({
                  ...f,
                  lines: [...f.lines, { rate: '', basis: 'gross', amount: '', vat: '' }],
                }))
              }
            >
              <Plus className="size-4" aria-hidden />
              {t('expenses.form.addRate')}
            </Button>
          </div>
        ) : null}
        <ExpenseTotalsPreview lines={values.lines} currency={values.currency} />
      </fieldset>
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-base font-semibold">{t('expenses.form.payment')}</legend>
        <SelectField
          label={t('expenses.form.paymentState')}
          value={values.payment_state}
          onChange={set('payment_state')}
        >
          <option value="unpaid">{t('expenses.state.unpaid')}</option>
          <option value="paid">{t('expenses.state.paid')}</option>
        </SelectField>
        <SelectField
          label={t('expenses.form.paymentMethod')}
          value={values.payment_method}
          onChange={set('payment_method')}
        >
          <option value="">{t('expenses.form.methodNone')}</option>
          {EXPENSE_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`expenses.method.${m}`)}
            </option>
          ))}
        </SelectField>
        {values.payment_state === 'paid' ? (
          <Field label={t('expenses.form.paidOn')} type="date" {...bind('paid_on')} />
        ) : null}
        <TextAreaField
          label={t('expenses.form.note')}
          className="sm:col-span-3"
          rows={2}
          dir="auto"
          {...bind('note')}
        />
      </fieldset>
      <FormFooter
        formError={formError}
        busy={busy || preparing}
        submitLabel={submitLabel}
        onCancel={onCancel}
      />
    </form>
  )
}

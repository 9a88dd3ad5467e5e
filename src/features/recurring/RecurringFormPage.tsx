import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation, useParams } from 'wouter'
import { Plus, Trash2 } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { SelectField, TextAreaField } from '@/components/ui/inputs'
import { FormFooter } from '@/components/ui/form-footer'
import { CustomerPicker } from '@/billing/ui/CustomerPicker'
import { LineUnitField } from '@/billing/ui/LineUnitField'
import { LineNumberField } from '@/billing/ui/LineNumberField'
import { LineDescriptionField, SaveAsItemButton } from '@/billing/ui/LineDescriptionField'
import { applyFill } from '@/billing/items'
import { emptyLine, type LineForm } from '@/billing/document-form'
import { sellerQuery } from '@/billing/queries'
import { formatDate, todayIso } from '@/billing/format'
import { recordPaths, paths } from '@/config/paths'
import { refusal } from '@/lib/errors'
import { notify } from '@/lib/toast'
import { useForm } from '@/lib/use-form'
import { useT } from '@/lib/i18n'
import { useBusinessId } from '@/lib/business'
import { useDocumentTitle } from '@/components/layout/document-title'
import {
  ACTIONS,
  createTemplate,
  MISSED,
  missedPreviewQuery,
  emptyTemplate,
  END_KINDS,
  FREQUENCIES,
  fromTemplate,
  refreshRecurring,
  templateQuery,
  templateSchema,
  toTemplateBody,
  updateTemplate,
  type Missed,
  type TemplateForm,
} from './api'

/** /recurring/new and /recurring/:id/edit: the template editor. */
export default function RecurringFormPage() {
  const t = useT()
  const { id } = useParams<{ id?: string }>()
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const existing = useQuery({ ...templateQuery(id ?? ''), enabled: !!id })
  useDocumentTitle(id ? t('recurring.form.editTitle') : t('recurring.form.newTitle'))
  if (id && !existing.data)
    return (
      <p role="status">{existing.isError ? t('recurring.notFound') : t('recurring.loading')}</p>
    )
  if (!id && !seller.data) return <p role="status">{t('recurring.loading')}</p>
  const initial = existing.data
    ? fromTemplate(existing.data)
    : emptyTemplate(seller.data?.default_tax_rate ?? 0)
  return <TemplateEditor id={id} initial={initial} taxRate={seller.data?.default_tax_rate ?? 0} />
}

function TemplateEditor({
  id,
  initial,
  taxRate,
}: {
  id?: string
  initial: TemplateForm
  taxRate: number
}) {
  const t = useT()
  const qc = useQueryClient()
  const [, navigate] = useLocation()
  const { values, setValues, bind, errors, clearError, formError, busy, handleSubmit } = useForm(
    templateSchema,
    initial,
  )
  const setLine = (i: number, k: keyof LineForm, value: string) => {
    setValues((f) => ({ ...f, items: f.items.map((l, j) => (j === i ? { ...l, [k]: value } : l)) }))
    clearError(`items.${i}.${k}`)
    clearError('items')
  }
  const currency = values.currency || 'EUR'
  const submit = handleSubmit(async (out) => {
    try {
      const body = toTemplateBody(out)
      const saved = id ? await updateTemplate(id, body) : await createTemplate(body)
      await refreshRecurring(qc)
      notify('success', t('recurring.form.saved'))
      navigate(recordPaths.recurring(saved.id))
    } catch (error) {
      return refusal(error)
    }
  })
  const cancel = () => navigate(id ? recordPaths.recurring(id) : paths.recurring)

  return (
    <>
      <PageHeader
        title={id ? t('recurring.form.editTitle') : t('recurring.form.newTitle')}
        description={id ? t('recurring.form.editNote') : t('recurring.form.newNote')}
      />
      <form noValidate onSubmit={submit} className="grid gap-6">
        <Card className="grid gap-4 md:grid-cols-2">
          <div className="min-w-0">
            <CustomerPicker
              label={t('recurring.form.customer')}
              value={values.customer}
              error={errors.customer}
              onChange={(c) => {
                clearError('customer')
                setValues((f) => ({
                  ...f,
                  customer: c?.id ?? '',
                  currency: c?.currency ?? f.currency,
                  payment_terms_days:
                    c && !id ? String(c.payment_terms_days ?? 30) : f.payment_terms_days,
                }))
              }}
            />
          </div>
          <Field
            label={t('recurring.form.name')}
            hint={t('recurring.form.nameHint')}
            dir="auto"
            {...bind('name')}
          />
        </Card>

        <Card className="grid gap-4">
          <h2 className="font-semibold">{t('recurring.form.schedule')}</h2>
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,13rem),1fr))] gap-4">
            <SelectField label={t('recurring.form.frequency')} {...bind('frequency')}>
              {FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`recurring.frequency.${f}`)}
                </option>
              ))}
            </SelectField>
            {values.frequency === 'monthly' ? (
              <SelectField label={t('recurring.form.monthDay')} {...bind('month_day')}>
                {Array.from({ length: 31 }, (_, i) => (
                  <option key={i + 1} value={String(i + 1)}>
                    {t('recurring.form.dayN', { day: i + 1 })}
                  </option>
                ))}
                <option value="0">{t('recurring.form.lastDay')}</option>
              </SelectField>
            ) : null}
            <Field label={t('recurring.form.start')} type="date" {...bind('start_date')} />
            <SelectField label={t('recurring.form.end')} {...bind('end_kind')}>
              {END_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`recurring.end.${k}`)}
                </option>
              ))}
            </SelectField>
            {values.end_kind === 'after' ? (
              <Field
                label={t('recurring.form.endCount')}
                inputMode="numeric"
                dir="auto"
                {...bind('end_count')}
              />
            ) : null}
            {values.end_kind === 'on' ? (
              <Field label={t('recurring.form.endDate')} type="date" {...bind('end_date')} />
            ) : null}
            <Field
              label={t('recurring.form.terms')}
              inputMode="numeric"
              dir="auto"
              {...bind('payment_terms_days')}
            />
            <SelectField
              label={t('recurring.form.action')}
              {...bind('action')}
              hint={t('recurring.form.actionHint')}
            >
              {ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`recurring.action.${a}`)}
                </option>
              ))}
            </SelectField>
          </div>
          {!id &&
          /^\d{4}-\d{2}-\d{2}$/.test(values.start_date) &&
          values.start_date < todayIso() ? (
            <MissedDates
              values={values}
              onChange={(missed) => setValues((f) => ({ ...f, missed }))}
            />
          ) : null}
        </Card>

        <Card className="grid gap-3">
          <h2 className="font-semibold">{t('recurring.form.lines')}</h2>
          {errors.items ? <p className="text-sm text-destructive">{errors.items}</p> : null}
          <ol className="grid gap-3">
            {values.items.map((l, i) => {
              const n = i + 1
              const err = (k: string) => errors[`items.${i}.${k}`]
              return (
                <li
                  key={l.id}
                  // The same line as the invoice editor's: quantity, unit (and its code), price,
                  // discount and tax.
                  className="grid grid-cols-2 items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-3 lg:grid-cols-6 xl:grid-cols-[minmax(10rem,1fr)_5.5rem_7rem_7rem_5rem_5rem_auto] xl:gap-x-2"
                >
                  <LineDescriptionField
                    label={t('recurring.line.description')}
                    ariaLabel={t('recurring.line.descriptionAria', { n })}
                    className="col-span-full min-w-0 xl:col-span-1"
                    value={l.description}
                    onChange={(value) => setLine(i, 'description', value)}
                    onPick={(fill) => applyFill(fill, (k, value) => setLine(i, k, value))}
                    currency={currency}
                    error={err('description')}
                  />
                  <LineNumberField
                    label={t('recurring.line.quantity')}
                    ariaLabel={t('recurring.line.quantityAria', { n })}
                    value={l.quantity}
                    onChange={(value) => setLine(i, 'quantity', value)}
                    error={err('quantity')}
                  />
                  <LineUnitField
                    n={n}
                    unit={l.unit}
                    unitCode={l.unit_code}
                    error={err('unit')}
                    onChange={(k, value) => setLine(i, k, value)}
                  />
                  <LineNumberField
                    label={t('recurring.line.price')}
                    ariaLabel={t('recurring.line.priceAria', { n })}
                    value={l.unit_price}
                    onChange={(value) => setLine(i, 'unit_price', value)}
                    error={err('unit_price')}
                  />
                  <LineNumberField
                    label={t('documents.line.discount')}
                    ariaLabel={t('documents.line.discountAria', { n })}
                    value={l.discount_percent}
                    onChange={(value) => setLine(i, 'discount_percent', value)}
                    error={err('discount_percent')}
                  />
                  <LineNumberField
                    label={t('recurring.line.taxRate')}
                    ariaLabel={t('recurring.line.taxRateAria', { n })}
                    value={l.tax_rate}
                    onChange={(value) => setLine(i, 'tax_rate', value)}
                    error={err('tax_rate')}
                  />
                  <div className="flex items-end justify-end gap-1 self-stretch">
                    <SaveAsItemButton n={n} line={l} currency={currency} />
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('recurring.line.remove', { n })}
                      disabled={values.items.length === 1}
                      onClick={() =>
                        setValues((f) => ({ ...f, items: f.items.filter((_, j) => j !== i) }))
                      }
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </div>
                </li>
              )
            })}
          </ol>
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setValues((f) => ({ ...f, items: [...f.items, emptyLine(taxRate)] }))}
            >
              <Plus className="size-4" aria-hidden />
              {t('recurring.line.add')}
            </Button>
          </div>
          <TextAreaField label={t('recurring.form.notes')} {...bind('notes')} />
        </Card>

        <FormFooter
          formError={formError}
          busy={busy}
          submitLabel={id ? t('recurring.form.save') : t('recurring.form.create')}
          onCancel={cancel}
        />
      </form>
    </>
  )
}

/**
 * A new template whose start date is in the past: what to do with the dates before today (skip
 * them, the default; only the latest; all of them), and the invoices saving will make, as the
 * server works them out (the same rule as the save).
 */
function MissedDates({
  values,
  onChange,
}: {
  values: TemplateForm
  onChange: (missed: Missed) => void
}) {
  const t = useT()
  const preview = useQuery({ ...missedPreviewQuery(values), meta: { silent: true } })
  const p = preview.data
  if (!p || p.missed === 0) return null
  const dates = (ds: string[]) => ds.map((d) => formatDate(d)).join(', ')
  return (
    <fieldset
      className="grid gap-2 rounded-lg border border-border p-3"
      data-testid="recurring-missed"
    >
      <legend className="px-1 text-sm font-medium">
        <bdi>
          {t('recurring.missed.legend', {
            count: p.missed,
            first: formatDate(p.first_missed),
            last: formatDate(p.last_missed),
          })}
        </bdi>
      </legend>
      {MISSED.map((m) => (
        <label key={m} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="recurring-missed"
            className="size-4 accent-[var(--primary)]"
            value={m}
            checked={values.missed === m}
            onChange={() => onChange(m)}
          />
          <bdi>{t(`recurring.missed.${m}`, { count: p.missed })}</bdi>
        </label>
      ))}
      <p role="status" className="text-sm text-muted-foreground">
        <bdi>
          {p.make.length
            ? t('recurring.missed.makes', { count: p.make.length, dates: dates(p.make) })
            : t('recurring.missed.makesNone')}{' '}
          {p.next.length ? t('recurring.missed.next', { date: formatDate(p.next[0]) }) : null}
        </bdi>
      </p>
    </fieldset>
  )
}

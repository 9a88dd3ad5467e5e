import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { FormFooter } from '@/components/ui/form-footer'
import * as v from 'valibot'
import { Plus, Trash2, ArrowUp, ArrowDown } from 'lucide-react'
import { Field } from '@/components/ui/field'
import { SelectField, TextAreaField } from '@/components/ui/inputs'
import { ZERO_RATE_CATEGORIES } from '@/billing/einvoice/schemes'
import { VAT_CATEGORY_LABELS } from '../vat-categories'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DraftOffer } from '@/components/ui/draft-notice'
import { useDraft } from '@/lib/drafts'
import { cn } from '@/components/ui/cn'
import { CustomerPicker } from '../CustomerPicker'
import { LineUnitField } from '../LineUnitField'
import { LineNumberField } from '../LineNumberField'
import { LineDescriptionField, SaveAsItemButton } from '../LineDescriptionField'
import { applyFill, zeroRateCategory, type LineFill } from '@/billing/items'
import { shownOnce } from '../shown-once'
import { computeTotals, TotalsError, type Totals } from '@/billing/money/totals'
import {
  documentSchema,
  emptyLine,
  toLineItems,
  type DocumentForm,
  type LineForm,
  type ParsedDocumentForm,
} from '@/billing/document-form'
import { addDays, formatMoney } from '@/billing/format'
import { useForm, type Refusal } from '@/lib/use-form'
import type { DocumentKind, LineItem } from '@/billing/types'
import { richText, useT, type MessageKey, type Translate } from '@/lib/i18n'

export type { Refusal }

/** The server's names of the end date (the form's end_date). */
const SERVER_DATE_FIELDS = ['due_date', 'expiry_date']

/** An amount in the totals: never wrapped, its digits aligned, at the end of its row. */
const amountClass = 'text-end whitespace-nowrap tabular-nums'

/** Live totals from the TypeScript twin of the server's rule; the server decides on save. */
function previewTotals(
  t: Translate,
  items: readonly LineForm[],
  currency: string,
  discount: string,
): { totals: Totals | null; problem: string | null } {
  const lines = toLineItems(items, currency)
  if (lines.some((l) => l === null))
    return { totals: null, problem: t('documents.editor.totalsNeedPrices') }
  try {
    return {
      totals: computeTotals(lines as LineItem[], discount.trim() ? Number(discount) : 0),
      problem: null,
    }
  } catch (e) {
    return {
      totals: null,
      problem: e instanceof TotalsError ? e.message : t('documents.editor.checkLines'),
    }
  }
}

/**
 * The quote and invoice editor: a customer picker, editable lines with live totals, and a
 * message at each field. What was typed stays when the server refuses.
 */
export function DocumentEditor({
  kind,
  initial,
  defaultTaxRate,
  customerLocked,
  submitLabel,
  onSubmit,
  onCancel,
  draftKey = null,
  version,
}: {
  kind: DocumentKind
  initial: DocumentForm
  defaultTaxRate: number
  customerLocked?: boolean
  submitLabel: string
  /** Gets the version the form was opened from (see `version`). */
  onSubmit: (values: ParsedDocumentForm, version?: string) => Promise<Refusal | void>
  onCancel: () => void
  /** Where what is typed is kept until it is saved (null: not kept). */
  draftKey?: string | null
  /** The edited record's version (`updated`): the one it had when the form opened is kept. */
  version?: string
}) {
  const t = useT()
  const [openedVersion] = useState(version)
  const schema = useMemo(() => documentSchema(kind), [kind])
  const {
    values: form,
    setValues: setForm,
    errors,
    setErrors,
    clearError,
    formError,
    setFormError,
    busy,
    handleSubmit,
  } = useForm(schema, initial, { fieldAliases: { due_date: 'end_date', expiry_date: 'end_date' } })
  const draft = useDraft(draftKey, form, setForm, initial)
  const [endTouched, setEndTouched] = useState(Boolean(initial.end_date))
  // The line "Add line" just made: its first field takes the focus once it is there.
  const [added, setAdded] = useState<string | null>(null)
  const [terms, setTerms] = useState<number | null>(null)
  const currency = form.currency || 'EUR'
  const { totals, problem } = previewTotals(t, form.items, currency, form.discount_percent)
  const endLabel =
    kind === 'invoices' ? t('documents.editor.dueDate') : t('documents.editor.expiryDate')

  // A field the user changes loses its message; it is checked again on submit.
  const set = <K extends keyof DocumentForm>(k: K, value: DocumentForm[K]) => {
    setForm((f) => ({ ...f, [k]: value }))
    clearError(k)
  }
  const setLine = (i: number, k: keyof LineForm, value: string) => {
    setForm((f) => ({
      ...f,
      items: f.items.map((l, j) => (j === i ? { ...l, [k]: value } : l)),
    }))
    clearError(`items.${i}.${k}`)
    clearError('items')
  }
  const fillLine = (i: number, fill: LineFill) => {
    const category = zeroRateCategory(fill, form.items, i)
    applyFill(fill, (k, value) => setLine(i, k, value))
    if (category) set('vat_exemption_category', category)
  }
  // Lines that move or go take their messages' numbers with them: those messages are dropped.
  const dropLineErrors = () =>
    setErrors((old) =>
      Object.fromEntries(Object.entries(old).filter(([k]) => !k.startsWith('items'))),
    )
  const moveLine = (i: number, by: number) => {
    dropLineErrors()
    setForm((f) => {
      const items = [...f.items]
      const [l] = items.splice(i, 1)
      if (l) items.splice(i + by, 0, l)
      return { ...f, items }
    })
  }

  const validSubmit = handleSubmit(async (values) => {
    // Saving: the draft goes first, as the save may go on to the saved record.
    draft.clear()
    const refused = await onSubmit(values, openedVersion)
    if (refused) draft.keep()
    return refused && shownOnce(refused, [...Object.keys(initial), ...SERVER_DATE_FIELDS], t)
  })
  const submit = (e: FormEvent) => {
    // The totals twin has the last word on what the lines add up to (e.g. a negative total).
    if (problem && v.is(schema, form)) {
      e.preventDefault()
      setFormError(problem)
      return
    }
    return validSubmit(e)
  }

  const issueChanged = (issue: string) => {
    setForm((f) => ({
      ...f,
      issue_date: issue,
      end_date: !endTouched && issue && terms !== null ? addDays(issue, terms) : f.end_date,
    }))
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DraftOffer draft={draft} />
      <Card className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <CustomerPicker
            label={t('documents.editor.customer')}
            value={form.customer}
            disabled={customerLocked}
            error={errors.customer}
            onChange={(c) => {
              const days = c?.payment_terms_days ?? 30
              setTerms(days)
              clearError('customer')
              if (!endTouched) clearError('end_date')
              setForm((f) => ({
                ...f,
                customer: c?.id ?? '',
                currency: c?.currency ?? f.currency,
                end_date:
                  !endTouched && f.issue_date
                    ? addDays(f.issue_date, kind === 'invoices' ? days : 30)
                    : f.end_date,
              }))
            }}
          />
          {customerLocked ? (
            <p className="mt-1 text-xs text-muted-foreground">
              {t('documents.editor.customerLocked', { kind })}
            </p>
          ) : form.currency ? (
            <p className="mt-1 text-xs text-muted-foreground">
              {t('documents.editor.currency', { currency: form.currency })}
            </p>
          ) : null}
        </div>
        {/* The dates sit side by side where they fit, else one under the other. */}
        <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,11rem),1fr))] content-start gap-4">
          <Field
            label={t(
              kind === 'invoices' ? 'documents.issueDate.invoices' : 'documents.issueDate.quotes',
            )}
            type="date"
            value={form.issue_date}
            onChange={(e) => issueChanged(e.target.value)}
            error={errors.issue_date}
          />
          <Field
            label={endLabel}
            type="date"
            value={form.end_date}
            onChange={(e) => {
              setEndTouched(true)
              set('end_date', e.target.value)
            }}
            error={errors.end_date}
          />
        </div>
      </Card>

      <Card className="grid gap-3">
        <h2 className="font-semibold">{t('documents.editor.lines')}</h2>
        {errors.items ? <p className="text-sm text-destructive">{errors.items}</p> : null}
        <ol className="grid gap-3">
          {form.items.map((l, i) => (
            <LineRow
              key={l.id}
              index={i}
              line={l}
              count={form.items.length}
              currency={currency}
              net={totals?.lines_net_cents[i]}
              errors={errors}
              onChange={(k, value) => setLine(i, k, value)}
              onPick={(fill) => fillLine(i, fill)}
              onRemove={() => {
                dropLineErrors()
                set(
                  'items',
                  form.items.filter((_, j) => j !== i),
                )
              }}
              onMove={(by) => moveLine(i, by)}
              focusOnMount={l.id === added}
            />
          ))}
        </ol>
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              const line = emptyLine(defaultTaxRate)
              setAdded(line.id)
              set('items', [...form.items, line])
            }}
          >
            <Plus className="size-4" aria-hidden />
            {t('documents.editor.addLine')}
          </Button>
        </div>
      </Card>

      {/* The totals follow the lines; from lg they sit beside the notes, at the end. */}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card
          className="grid min-w-0 content-start gap-2 text-sm lg:col-start-2 lg:row-start-1"
          aria-live="polite"
        >
          <h2 className="font-semibold">{t('documents.editor.totals')}</h2>
          <Field
            label={t('documents.editor.documentDiscount')}
            inputMode="decimal"
            dir="auto"
            value={form.discount_percent}
            onChange={(e) => set('discount_percent', e.target.value)}
            error={errors.discount_percent}
          />
          {form.items.some((l) => !Number(l.tax_rate)) ? (
            <>
              <SelectField
                label={t('documents.editor.zeroRateVat')}
                value={form.vat_exemption_category}
                onChange={(e) => set('vat_exemption_category', e.target.value)}
                error={errors.vat_exemption_category}
              >
                {ZERO_RATE_CATEGORIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {t(VAT_CATEGORY_LABELS[c.code])}
                  </option>
                ))}
              </SelectField>
              {form.vat_exemption_category !== 'Z' ? (
                <Field
                  label={t('documents.editor.exemptionReason')}
                  hint={t('documents.editor.exemptionReasonHint')}
                  value={form.vat_exemption_reason}
                  onChange={(e) => set('vat_exemption_reason', e.target.value)}
                  error={errors.vat_exemption_reason}
                />
              ) : null}
            </>
          ) : null}
          {totals ? (
            <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1">
              <dt>{t('documents.editor.subtotal')}</dt>
              <dd className={amountClass}>
                <bdi>{formatMoney(totals.subtotal_cents, currency)}</bdi>
              </dd>
              {totals.discount_cents ? (
                <>
                  <dt>{t('documents.editor.discount')}</dt>
                  <dd className={amountClass}>
                    <bdi>{formatMoney(-totals.discount_cents, currency).replace('-', '−')}</bdi>
                  </dd>
                </>
              ) : null}
              {totals.tax_breakdown.map((g) => (
                <TaxRow
                  key={g.rate}
                  rate={g.rate}
                  net={g.net_cents}
                  tax={g.tax_cents}
                  currency={currency}
                />
              ))}
              <dt className="font-semibold">{t('documents.editor.total')}</dt>
              <dd className={cn(amountClass, 'font-semibold')} data-testid="editor-total">
                <bdi>{formatMoney(totals.total_cents, currency)}</bdi>
              </dd>
            </dl>
          ) : (
            <p className="text-muted-foreground">{problem}</p>
          )}
        </Card>
        <div className="grid min-w-0 content-start gap-4 lg:col-start-1 lg:row-start-1">
          <TextAreaField
            label={t('documents.editor.notes')}
            value={form.notes}
            onChange={(e) => set('notes', e.target.value)}
            error={errors.notes}
            hint={t('documents.editor.notesHint')}
          />
          <TextAreaField
            label={t('documents.editor.terms')}
            value={form.terms}
            onChange={(e) => set('terms', e.target.value)}
            error={errors.terms}
            hint={t('documents.editor.termsHint')}
          />
        </div>
      </div>

      <FormFooter formError={formError} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  )
}

function TaxRow({
  rate,
  net,
  tax,
  currency,
}: {
  rate: number
  net: number
  tax: number
  currency: string
}) {
  const t = useT()
  return (
    <>
      <dt>
        {t('documents.editor.taxRow', { rate })}{' '}
        <span className="text-muted-foreground">
          {richText(t, 'documents.editor.taxBase', {
            amount: (
              <bdi className="whitespace-nowrap tabular-nums">{formatMoney(net, currency)}</bdi>
            ),
          })}
        </span>
      </dt>
      <dd className={amountClass}>
        <bdi>{formatMoney(tax, currency)}</bdi>
      </dd>
    </>
  )
}

function LineRow({
  index,
  line,
  count,
  currency,
  net,
  errors,
  onChange,
  onPick,
  onRemove,
  onMove,
  focusOnMount = false,
}: {
  index: number
  line: LineForm
  count: number
  currency: string
  net: number | undefined
  errors: Record<string, string>
  onChange: (k: keyof LineForm, value: string) => void
  /** An item picked from the catalogue: what it puts in the line. */
  onPick: (fill: LineFill) => void
  onRemove: () => void
  onMove: (by: number) => void
  /** A line just added: its description takes the focus, so typing goes on there. */
  focusOnMount?: boolean
}) {
  const t = useT()
  const headingId = useId()
  const description = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (focusOnMount) description.current?.focus()
    // Only when the line appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const n = index + 1
  const err = (k: string) => errors[`items.${index}.${k}`]
  const small = (k: keyof LineForm, label: MessageKey, ariaLabel: MessageKey) => (
    <LineNumberField
      label={t(label)}
      ariaLabel={t(ariaLabel, { n })}
      value={line[k]}
      onChange={(value) => onChange(k, value)}
      error={err(k)}
    />
  )
  return (
    // A card per line below xl (the description on its own row, the numbers in a grid of
    // 2, 3 or 6 columns, the line's buttons beside its heading); from xl, one row per line.
    <li
      className={cn(
        'grid grid-cols-2 items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-3 lg:grid-cols-6',
        'xl:grid-cols-[minmax(9rem,1fr)_5.5rem_6.5rem_7rem_4.5rem_4.5rem_minmax(6.5rem,auto)_auto] xl:gap-x-2',
      )}
    >
      <h3
        id={headingId}
        className="col-start-1 row-start-1 self-center text-sm font-semibold xl:sr-only"
      >
        {t('documents.line.title', { n })}
      </h3>
      <LineDescriptionField
        ref={description}
        label={t('documents.line.description')}
        ariaLabel={t('documents.line.descriptionAria', { n })}
        className="col-span-full min-w-0 xl:col-span-1"
        value={line.description}
        onChange={(value) => onChange('description', value)}
        onPick={onPick}
        currency={currency}
        error={err('description')}
      />
      {small('quantity', 'documents.line.quantity', 'documents.line.quantityAria')}
      <LineUnitField
        n={n}
        unit={line.unit}
        unitCode={line.unit_code}
        error={err('unit')}
        onChange={onChange}
      />
      {small('unit_price', 'documents.line.price', 'documents.line.priceAria')}
      {small('discount_percent', 'documents.line.discount', 'documents.line.discountAria')}
      {small('tax_rate', 'documents.line.taxRate', 'documents.line.taxRateAria')}
      <div className="grid min-w-0 gap-1.5">
        <span className="text-sm font-medium">{t('documents.line.net')}</span>
        <output
          className="flex h-10 items-center justify-end text-sm whitespace-nowrap tabular-nums"
          aria-label={t('documents.line.netAria', { n })}
        >
          <bdi>{net !== undefined ? formatMoney(net, currency) : '—'}</bdi>
        </output>
      </div>
      <div className="col-end-[-1] row-start-1 flex items-center justify-end gap-1 xl:mt-6.5 xl:h-10">
        <SaveAsItemButton n={n} line={line} currency={currency} />
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('documents.line.moveUp', { n })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('documents.line.moveDown', { n })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('documents.line.remove', { n })}
          onClick={onRemove}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
    </li>
  )
}

import { useMemo, useState, type FormEvent } from 'react'
import { FormFooter } from '@/components/ui/form-footer'
import * as v from 'valibot'
import { Plus, Trash2, ArrowUp, ArrowDown } from 'lucide-react'
import { Field, inputClass } from '@/components/ui/field'
import { SelectField, TextAreaField } from '@/components/ui/inputs'
import { UNIT_CODES } from '@/billing/einvoice/source'
import { unitCodeFor } from '@/billing/einvoice/units'
import { ZERO_RATE_CATEGORIES } from '@/billing/einvoice/schemes'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DraftNotice } from '@/components/ui/draft-notice'
import { useDraft } from '@/lib/drafts'
import { cn } from '@/components/ui/cn'
import { CustomerPicker } from '../CustomerPicker'
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

export type { Refusal }

/** Live totals from the TypeScript twin of the server's rule; the server decides on save. */
function previewTotals(
  items: readonly LineForm[],
  currency: string,
  discount: string,
): { totals: Totals | null; problem: string | null } {
  const lines = toLineItems(items, currency)
  if (lines.some((l) => l === null))
    return { totals: null, problem: 'Totals appear when every price is a valid amount.' }
  try {
    return {
      totals: computeTotals(lines as LineItem[], discount.trim() ? Number(discount) : 0),
      problem: null,
    }
  } catch (e) {
    return { totals: null, problem: e instanceof TotalsError ? e.message : 'Check the lines.' }
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
}: {
  kind: DocumentKind
  initial: DocumentForm
  defaultTaxRate: number
  customerLocked?: boolean
  submitLabel: string
  onSubmit: (values: ParsedDocumentForm) => Promise<Refusal | void>
  onCancel: () => void
  /** Where what is typed is kept until it is saved (null: not kept). */
  draftKey?: string | null
}) {
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
  const [terms, setTerms] = useState<number | null>(null)
  const currency = form.currency || 'EUR'
  const { totals, problem } = previewTotals(form.items, currency, form.discount_percent)
  const endLabel = kind === 'invoices' ? 'Due date' : 'Expiry date'

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
    const refused = await onSubmit(values)
    if (!refused) draft.clear()
    return refused
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
      {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
      <Card className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <CustomerPicker
            label="Customer"
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
              The customer can only change while the {kind === 'invoices' ? 'invoice' : 'quote'} is
              a draft.
            </p>
          ) : form.currency ? (
            <p className="mt-1 text-xs text-muted-foreground">Currency: {form.currency}</p>
          ) : null}
        </div>
        <Field
          label="Issue date"
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
      </Card>

      <Card className="grid gap-3 p-4">
        <h2 className="font-semibold">Lines</h2>
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
              onRemove={() => {
                dropLineErrors()
                set(
                  'items',
                  form.items.filter((_, j) => j !== i),
                )
              }}
              onMove={(by) => moveLine(i, by)}
            />
          ))}
        </ol>
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => set('items', [...form.items, emptyLine(defaultTaxRate)])}
          >
            <Plus className="size-4" aria-hidden />
            Add line
          </Button>
        </div>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="grid content-start gap-4">
          <TextAreaField
            label="Notes"
            value={form.notes}
            onChange={(e) => set('notes', e.target.value)}
            error={errors.notes}
            hint="Printed on the document."
          />
          <TextAreaField
            label="Terms"
            value={form.terms}
            onChange={(e) => set('terms', e.target.value)}
            error={errors.terms}
            hint="Payment instructions, conditions."
          />
        </div>
        <Card className="grid content-start gap-2 text-sm" aria-live="polite">
          <h2 className="font-semibold">Totals</h2>
          <Field
            label="Document discount (%)"
            inputMode="decimal"
            value={form.discount_percent}
            onChange={(e) => set('discount_percent', e.target.value)}
            error={errors.discount_percent}
          />
          {form.items.some((l) => !Number(l.tax_rate)) ? (
            <>
              <SelectField
                label="VAT on 0 % lines"
                value={form.vat_exemption_category}
                onChange={(e) => set('vat_exemption_category', e.target.value)}
                error={errors.vat_exemption_category}
              >
                {ZERO_RATE_CATEGORIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
              {form.vat_exemption_category !== 'Z' ? (
                <Field
                  label="Exemption reason"
                  hint="Printed on the invoice, e.g. “Reverse charge” or the law that exempts it."
                  value={form.vat_exemption_reason}
                  onChange={(e) => set('vat_exemption_reason', e.target.value)}
                  error={errors.vat_exemption_reason}
                />
              ) : null}
            </>
          ) : null}
          {totals ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              <dt>Subtotal</dt>
              <dd className="text-end tabular-nums">
                {formatMoney(totals.subtotal_cents, currency)}
              </dd>
              {totals.discount_cents ? (
                <>
                  <dt>Discount</dt>
                  <dd className="text-end tabular-nums">
                    −{formatMoney(totals.discount_cents, currency)}
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
              <dt className="font-semibold">Total</dt>
              <dd className="text-end font-semibold tabular-nums" data-testid="editor-total">
                {formatMoney(totals.total_cents, currency)}
              </dd>
            </dl>
          ) : (
            <p className="text-muted-foreground">{problem}</p>
          )}
        </Card>
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
  return (
    <>
      <dt>
        Tax {rate}% <span className="text-muted-foreground">on {formatMoney(net, currency)}</span>
      </dt>
      <dd className="text-end tabular-nums">{formatMoney(tax, currency)}</dd>
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
  onRemove,
  onMove,
}: {
  index: number
  line: LineForm
  count: number
  currency: string
  net: number | undefined
  errors: Record<string, string>
  onChange: (k: keyof LineForm, value: string) => void
  onRemove: () => void
  onMove: (by: number) => void
}) {
  const n = index + 1
  const err = (k: string) => errors[`items.${index}.${k}`]
  const small = (k: keyof LineForm, label: string, extra?: string) => (
    <Field
      label={`${label}`}
      aria-label={`Line ${n} ${label.toLowerCase()}`}
      inputMode="decimal"
      value={line[k]}
      onChange={(e) => onChange(k, e.target.value)}
      error={err(k)}
      className={extra}
    />
  )
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3 md:grid-cols-[minmax(12rem,3fr)_5rem_5rem_7rem_5rem_5rem_7rem_auto] md:items-start">
      <Field
        label="Description"
        aria-label={`Line ${n} description`}
        value={line.description}
        onChange={(e) => onChange('description', e.target.value)}
        error={err('description')}
      />
      {small('quantity', 'Qty')}
      <div className="grid gap-1">
        <Field
          label="Unit"
          aria-label={`Line ${n} unit`}
          placeholder="h, pcs"
          value={line.unit}
          onChange={(e) => onChange('unit', e.target.value)}
          error={err('unit')}
        />
        <select
          aria-label={`Line ${n} unit code`}
          title="The unit as e-invoices name it (UN/ECE Rec. 20)"
          className={cn(inputClass, 'h-8 px-1 text-xs')}
          value={line.unit_code}
          onChange={(e) => onChange('unit_code', e.target.value)}
        >
          <option value="">Auto: {unitCodeFor(line.unit)}</option>
          {Object.entries(UNIT_CODES).map(([code, name]) => (
            <option key={code} value={code}>
              {code} — {name}
            </option>
          ))}
        </select>
      </div>
      {small('unit_price', 'Price')}
      {small('discount_percent', 'Disc. %')}
      {small('tax_rate', 'Tax %')}
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">Net</span>
        <output
          className={cn(
            inputClass,
            'flex items-center justify-end border-transparent tabular-nums',
          )}
          aria-label={`Line ${n} net`}
        >
          {net !== undefined ? formatMoney(net, currency) : '—'}
        </output>
      </div>
      <div className="flex items-end gap-1 md:pt-6">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move line ${n} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move line ${n} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Remove line ${n}`} onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
    </li>
  )
}

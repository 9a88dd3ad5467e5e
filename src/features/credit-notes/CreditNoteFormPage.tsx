import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useParams } from 'wouter'
import { Trash2 } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { Alert, Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import { FormFooter } from '@/components/ui/form-footer'
import { RecordPending } from '@/billing/ui/RecordPending'
import { LineDescriptionField } from '@/billing/ui/LineDescriptionField'
import { invoiceCreditNotesQuery, recordQuery } from '@/billing/queries'
import {
  canCredit,
  creditableCents,
  creditRateProblem,
  creditRatesLeft,
  type CreditRateProblem,
} from '@/billing/credits'
import { computeTotals, type TaxGroup } from '@/billing/money/totals'
import {
  amountProblem,
  formatMoney,
  isoDate,
  parseMajor,
  pbDate,
  todayIso,
  toInputAmount,
} from '@/billing/format'
import { newRecordId } from '@/billing/ids'
import { save } from '@/billing/save'
import { writes } from '@/billing/writes'
import type { Invoice, LineItem } from '@/billing/types'
import { recordPaths } from '@/config/paths'
import { useDocumentTitle } from '@/components/layout/document-title'
import { notify } from '@/lib/toast'
import { useT } from '@/lib/i18n'
import { formLine } from '@/lib/use-form'

/** A line of the credit note as typed: copied from the invoice, edited down. */
interface LineDraft {
  key: string
  base: LineItem
  description: string
  quantity: string
  price: string
}

const QUANTITY = /^\d+([.,]\d{1,3})?$/

const draftsOf = (inv: Invoice): LineDraft[] =>
  (inv.items ?? []).map((l, i) => ({
    key: `${l.id || 'line'}-${i}`,
    base: l,
    description: l.description,
    quantity: String(l.quantity),
    price: toInputAmount(l.unit_price_cents, inv.currency),
  }))

/** The lines as the server reads them, or the first problem per line. */
function parseLines(lines: LineDraft[], currency: string, t: ReturnType<typeof useT>) {
  const errors: Record<string, string> = {}
  const items: LineItem[] = []
  for (const l of lines) {
    const q = l.quantity.trim()
    const price = parseMajor(l.price, currency)
    if (!l.description.trim()) errors[`${l.key}.description`] = t('credits.form.describeLine')
    if (!QUANTITY.test(q) || Number(q.replace(',', '.')) <= 0)
      errors[`${l.key}.quantity`] = t('credits.form.quantityInvalid')
    if (price === null)
      errors[`${l.key}.price`] =
        amountProblem(l.price, currency, toInputAmount(12050, currency), 'price') ?? ''
    if (errors[`${l.key}.description`] || errors[`${l.key}.quantity`] || price === null) continue
    const { id: _id, net_cents: _net, ...rest } = l.base
    items.push({
      ...rest,
      id: '',
      description: l.description.trim(),
      quantity: Number(q.replace(',', '.')),
      unit_price_cents: price,
    })
  }
  return { items, errors }
}

/** What the form says of a rate the credit note can't credit (the server's decideCreditRates). */
function rateProblemText(
  p: CreditRateProblem,
  currency: string,
  t: ReturnType<typeof useT>,
): string {
  if (p.code === 'folio_credit_rate_not_charged')
    return t('credits.form.rateNotCharged', { rate: p.rate })
  return t('credits.form.overRate', {
    rate: p.rate,
    net: formatMoney(p.net_cents, currency),
    tax: formatMoney(p.tax_cents, currency),
  })
}

/**
 * /credit-notes/new/:invoice — "Credit this invoice": the invoice's lines, to keep as they are
 * (a full credit) or edit down (fewer lines, smaller quantities or prices). The total can't pass
 * what is left to credit, in all and at each VAT rate (what the invoice charged at that rate less
 * its earlier credit notes); the server checks both again, race-safe.
 */
export default function CreditNoteFormPage() {
  const t = useT()
  const { invoice: invoiceId } = useParams<{ invoice: string }>()
  const [, navigate] = useLocation()
  const invoice = useQuery(recordQuery<Invoice>('invoices', invoiceId))
  const inv = invoice.data
  // The earlier credit notes, for the cap per VAT rate; until they are read the server judges it.
  const earlier = useQuery(invoiceCreditNotesQuery(invoiceId)).data
  useDocumentTitle(t('credits.form.title'))

  // The lines as edited; until the first edit, the invoice's own.
  const [edited, setLines] = useState<LineDraft[] | null>(null)
  const [date, setDate] = useState(todayIso())
  const [reason, setReason] = useState('')
  const [notes, setNotes] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const lines = edited ?? (inv ? draftsOf(inv) : null)
  if (!inv || lines === null) return <RecordPending failed={invoice.isError} what="invoice" />

  const currency = inv.currency
  const max = creditableCents(inv)
  const parsed = parseLines(lines, currency, t)
  let total: number | null = null
  let breakdown: TaxGroup[] | null = null
  try {
    const totals = computeTotals(parsed.items, inv.discount_percent ?? 0)
    total = totals.total_cents
    breakdown = totals.tax_breakdown
  } catch {
    total = null
  }
  const rateProblem =
    breakdown && earlier
      ? creditRateProblem(
          creditRatesLeft(
            inv.tax_breakdown ?? [],
            earlier.map((n) => n.tax_breakdown ?? []),
          ),
          breakdown,
        )
      : null
  const over = (total !== null && total > max) || rateProblem !== null

  const change = (key: string, field: 'description' | 'quantity' | 'price', value: string) => {
    setLines(lines.map((l) => (l.key === key ? { ...l, [field]: value } : l)))
    setErrors((e) => {
      const { [`${key}.${field}`]: _gone, ...rest } = e
      return rest
    })
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFormError(null)
    const { items, errors: lineErrors } = parseLines(lines, currency, t)
    const found: Record<string, string> = { ...lineErrors }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = t('credits.form.dateRequired')
    else if (date < isoDate(inv.issue_date)) found.date = t('credits.form.dateBeforeInvoice')
    if (reason.length > 1000) found.reason = t('billing.field.maxChars', { max: 1000 })
    setErrors(found)
    if (Object.keys(found).length) {
      setFormError(t('common.form.checkFields'))
      return
    }
    if (items.length === 0) {
      setFormError(t('credits.form.noLines'))
      return
    }
    if (total !== null && total > max) {
      setFormError(t('credits.form.overCap', { amount: formatMoney(max, currency) }))
      return
    }
    if (rateProblem) {
      setFormError(rateProblemText(rateProblem, currency, t))
      return
    }
    setBusy(true)
    const id = newRecordId()
    const r = await save(writes.recordCreate, {
      collection: 'credit_notes',
      id,
      body: { invoice: inv.id, issue_date: pbDate(date), items, reason: reason.trim(), notes },
      label: t('credits.form.writeLabel', { number: inv.number }),
    })
    setBusy(false)
    if (!r.ok) {
      setFormError(r.message)
      if (r.fields.issue_date) setErrors((x) => ({ ...x, date: r.fields.issue_date ?? '' }))
      return
    }
    if (!r.queued) notify('success', t('credits.form.issued'))
    navigate(recordPaths.creditNote(id))
  }

  return (
    <>
      <PageHeader
        title={t('credits.form.heading', { number: inv.number })}
        description={t('credits.form.description', {
          total: formatMoney(inv.total_cents, currency),
          left: formatMoney(max, currency),
        })}
      />
      {!canCredit(inv) ? (
        <Alert>{t('credits.form.notCreditable')}</Alert>
      ) : (
        <form noValidate onSubmit={submit} className="grid max-w-4xl gap-6">
          <Card className="grid gap-4 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold">{t('credits.form.lines')}</h2>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setLines(draftsOf(inv))
                  setErrors({})
                }}
              >
                {t('credits.form.resetLines')}
              </Button>
            </div>
            {lines.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('credits.form.noLines')}</p>
            ) : (
              <ul className="grid gap-4">
                {lines.map((l, i) => (
                  <li
                    key={l.key}
                    className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
                  >
                    {/* A credited line keeps its invoice line's tax rate and unit (the credit is
                        capped per rate): an item picked here gives its name and its price. */}
                    <LineDescriptionField
                      label={t('credits.form.lineDescription', { n: i + 1 })}
                      value={l.description}
                      onChange={(value) => change(l.key, 'description', value)}
                      onPick={(fill) =>
                        setLines(
                          lines.map((x) =>
                            x.key === l.key
                              ? {
                                  ...x,
                                  description: fill.description,
                                  price: fill.unit_price ?? x.price,
                                }
                              : x,
                          ),
                        )
                      }
                      currency={currency}
                      error={errors[`${l.key}.description`]}
                    />
                    <Field
                      label={t('credits.form.lineQuantity', { n: i + 1 })}
                      inputMode="decimal"
                      dir="ltr"
                      value={l.quantity}
                      onChange={(e) => change(l.key, 'quantity', e.target.value)}
                      error={errors[`${l.key}.quantity`]}
                    />
                    <Field
                      label={t('credits.form.linePrice', { n: i + 1, currency })}
                      inputMode="decimal"
                      dir="ltr"
                      value={l.price}
                      onChange={(e) => change(l.key, 'price', e.target.value)}
                      error={errors[`${l.key}.price`]}
                      // The invoice line's discount stays on the credited line: said with its tax.
                      hint={
                        l.base.discount_percent
                          ? t('credits.form.lineTaxDiscount', {
                              rate: l.base.tax_rate,
                              discount: l.base.discount_percent,
                            })
                          : t('credits.form.lineTax', { rate: l.base.tax_rate })
                      }
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      className="sm:mt-7"
                      aria-label={t('credits.form.removeLine', { n: i + 1 })}
                      onClick={() => setLines(lines.filter((x) => x.key !== l.key))}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <p
              className={over ? 'font-semibold text-destructive' : 'font-semibold'}
              aria-live="polite"
            >
              {total === null
                ? t('credits.form.totalUnknown')
                : t('credits.form.total', {
                    total: formatMoney(total, currency),
                    left: formatMoney(max, currency),
                  })}
              {rateProblem && (
                <>
                  <br />
                  {rateProblemText(rateProblem, currency, t)}
                </>
              )}
            </p>
          </Card>
          <Card className="grid gap-4 p-4">
            <Field
              label={t('credits.form.date')}
              type="date"
              value={date}
              onChange={(e) => {
                setDate(e.target.value)
                setErrors(({ date: _d, ...rest }) => rest)
              }}
              error={errors.date}
            />
            <Field
              label={t('credits.form.reason')}
              dir="auto"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value)
                setErrors(({ reason: _r, ...rest }) => rest)
              }}
              error={errors.reason}
              hint={t('credits.form.reasonHint')}
            />
            <TextAreaField
              label={t('credits.form.notes')}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
            <p className="text-sm text-muted-foreground">{t('credits.form.final')}</p>
            <FormFooter
              formError={formLine(formError, errors, [t('common.form.checkFields')])}
              busy={busy}
              submitLabel={t('credits.form.submit')}
              onCancel={() => navigate(recordPaths.invoice(inv.id))}
            />
          </Card>
        </form>
      )}
    </>
  )
}

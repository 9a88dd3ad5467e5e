import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { FormFooter } from '@/components/ui/form-footer'
import { Alert } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextAreaField } from '@/components/ui/inputs'
import { MoneyFields } from '@/billing/ui/MoneyFields'
import {
  addDays,
  formatDate,
  formatMoney,
  isoDate,
  pbDate,
  todayIso,
  toInputAmount,
} from '@/billing/format'
import { newRecordId } from '@/billing/ids'
import { amountField } from '@/billing/amount-field'
import { shownOnce } from '@/billing/ui/shown-once'
import { save } from '@/billing/save'
import { useForm } from '@/lib/use-form'
import { message } from '@/billing/fields'
import { PAYMENT_METHODS, type Invoice, type Payment } from '@/billing/types'
import { writes } from '@/billing/writes'
import { richText, useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** The first day a payment may be dated (the server's EarliestDocumentDay). */
const EARLIEST_DAY = '2000-01-01'

/**
 * The payment form's rules; the limit is the balance (plus the old amount when editing). A date
 * kept as stored (storedDate, editing) is not judged again, as on the server.
 */
function paymentSchema(currency: string, maxCents: number, storedDate?: string) {
  return v.object({
    amount: amountField(currency, maxCents, {
      required: 'billing.paymentDialog.amountRequired',
      max: 'billing.paymentDialog.amountMax',
    }),
    date: v.pipe(
      v.string(),
      v.regex(DAY, message('billing.paymentDialog.dateRequired')),
      // The server's window (decideDateWindow): from 2000 to tomorrow, for the time zones ahead.
      v.check(
        (d) => d === storedDate || (d >= EARLIEST_DAY && d <= addDays(todayIso(), 1)),
        message('billing.paymentDialog.dateWindow'),
      ),
    ),
    method: v.picklist(PAYMENT_METHODS, message('billing.paymentDialog.methodRequired')),
    reference: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200, message('billing.field.maxChars', { max: 200 })),
    ),
    notes: v.pipe(v.string(), v.maxLength(5000, message('billing.field.maxChars', { max: 5000 }))),
  })
}

/** What a payment asks about before it is recorded. */
export interface PaymentWarnings {
  /** A new payment on a never-sent draft: recording it issues the invoice (the server's rule). */
  draft: boolean
  /** Dated after today. */
  future: boolean
}

export function paymentWarnings(input: {
  invoiceStatus: string | undefined
  isNew: boolean
  date: string
  /** The date the payment had before (editing); an unchanged date is not asked about again. */
  previousDate?: string
  today: string
}): PaymentWarnings {
  return {
    draft: input.isNew && input.invoiceStatus === 'draft',
    future: input.date > input.today && input.date !== input.previousDate,
  }
}

/**
 * Record a payment on an invoice, or edit one. Works offline (queued, sent once). A payment on
 * a draft, or dated in the future, asks first (a confirm step in the same dialog).
 */
export function PaymentDialog({
  open,
  onOpenChange,
  invoice,
  payment,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  invoice: Pick<Invoice, 'id' | 'number' | 'currency' | 'balance_cents'> & {
    status?: Invoice['status']
  }
  /** The payment to edit; a new one when absent. */
  payment?: Payment
}) {
  const t = useT()
  const currency = invoice.currency
  const max = invoice.balance_cents + (payment?.amount_cents ?? 0)
  const { values, set, errors, formError, busy, handleSubmit } = useForm(
    paymentSchema(currency, max, payment ? isoDate(payment.date) : undefined),
    {
      amount: toInputAmount(
        payment ? payment.amount_cents : Math.max(invoice.balance_cents, 0),
        currency,
      ),
      date: payment ? isoDate(payment.date) : todayIso(),
      // An applied credit (method "credit") is never edited here.
      method: payment && payment.method !== 'credit' ? payment.method : 'bank_transfer',
      reference: payment?.reference ?? '',
      notes: payment?.notes ?? '',
    },
    { invalidMessage: null, fieldAliases: { amount_cents: 'amount' } },
  )

  // The questions being asked (the confirm step), or null while the form shows.
  const [asking, setAsking] = useState<PaymentWarnings | null>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  // Focus moves to the question's answer once the button is enabled again.
  useEffect(() => {
    if (asking && !busy) confirmRef.current?.focus()
  }, [asking, busy])

  const submit = handleSubmit(async (output) => {
    if (!asking) {
      const w = paymentWarnings({
        invoiceStatus: invoice.status,
        isNew: !payment,
        date: output.date,
        previousDate: payment ? isoDate(payment.date) : undefined,
        today: todayIso(),
      })
      if (w.draft || w.future) {
        setAsking(w)
        return
      }
    }
    const body = {
      invoice: invoice.id,
      amount_cents: output.amount,
      date: pbDate(output.date),
      method: output.method,
      reference: output.reference,
      notes: output.notes,
    }
    const amount = formatMoney(output.amount, currency)
    const label = invoice.number
      ? t('billing.paymentDialog.writeLabel', { amount, number: invoice.number })
      : t('billing.paymentDialog.writeLabelDraft', { amount })
    const r = payment
      ? await save(writes.recordUpdate, {
          collection: 'payments',
          id: payment.id,
          body,
          label,
        })
      : await save(writes.recordCreate, {
          collection: 'payments',
          id: newRecordId(),
          body,
          label,
        })
    if (!r.ok) {
      setAsking(null) // back to the fields, where the refusal shows
      return shownOnce(r, ['amount', 'amount_cents', 'date', 'method', 'reference', 'notes'], t)
    }
    if (!r.queued)
      notify(
        'success',
        payment ? t('billing.paymentDialog.updated') : t('billing.paymentDialog.recorded'),
        label,
      )
    onOpenChange(false)
  })

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        payment
          ? t('billing.paymentDialog.editTitle', { number: payment.number })
          : t('billing.paymentDialog.recordTitle')
      }
      description={richText(t, 'billing.paymentDialog.description', {
        number: <bdi>{invoice.number || t('billing.paymentDialog.draftInvoice')}</bdi>,
        balance: (
          <bdi className="whitespace-nowrap tabular-nums">
            {formatMoney(invoice.balance_cents, currency)}
          </bdi>
        ),
      })}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        {asking ? (
          <>
            {asking.draft ? (
              <Alert tone="info">
                <strong className="block">{t('guide.payment.draft.question')}</strong>
                {t('guide.payment.draft.text')}
              </Alert>
            ) : null}
            {asking.future ? (
              <Alert tone="info">
                <strong className="block">{t('guide.payment.future.question')}</strong>
                <bdi>{t('guide.payment.future.text', { date: formatDate(values.date) })}</bdi>
              </Alert>
            ) : null}
            {formError ? <Alert>{formError}</Alert> : null}
            <div className="flex flex-row-reverse flex-wrap justify-start gap-2">
              <Button ref={confirmRef} type="submit" busy={busy}>
                {asking.draft
                  ? t('guide.payment.draft.confirm')
                  : payment
                    ? t('billing.paymentDialog.save')
                    : t('billing.paymentDialog.record')}
              </Button>
              <Button variant="outline" onClick={() => setAsking(null)}>
                {t('guide.payment.back')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <MoneyFields
              currency={currency}
              labels={{
                amount: 'billing.paymentDialog.amount',
                date: 'billing.paymentDialog.date',
                method: 'billing.paymentDialog.method',
                reference: 'billing.paymentDialog.reference',
              }}
              values={values}
              set={set}
              errors={errors}
              referenceHint={t('billing.paymentDialog.referenceHint')}
            />
            <TextAreaField
              label={t('billing.paymentDialog.notes')}
              value={values.notes}
              onChange={set('notes')}
              error={errors.notes}
            />
            <FormFooter
              align="end"
              formError={formError}
              busy={busy}
              submitLabel={
                payment ? t('billing.paymentDialog.save') : t('billing.paymentDialog.record')
              }
              onCancel={() => onOpenChange(false)}
            />
          </>
        )}
      </form>
    </Dialog>
  )
}

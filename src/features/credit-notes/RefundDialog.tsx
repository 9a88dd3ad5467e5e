import * as v from 'valibot'
import { Dialog } from '@/components/ui/dialog'
import { MoneyFields } from '@/billing/ui/MoneyFields'
import { FormFooter } from '@/components/ui/form-footer'
import { formatMoney, pbDate, todayIso, toInputAmount } from '@/billing/format'
import { newRecordId } from '@/billing/ids'
import { amountField } from '@/billing/amount-field'
import { message } from '@/billing/fields'
import { save } from '@/billing/save'
import { shownOnce } from '@/billing/ui/shown-once'
import { writes } from '@/billing/writes'
import { PAYMENT_METHODS, type CreditNote } from '@/billing/types'
import { useForm } from '@/lib/use-form'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The refund form's rules; the limit is the credit left (the server checks it again). */
function refundSchema(currency: string, maxCents: number) {
  return v.object({
    amount: amountField(currency, maxCents, {
      required: 'credits.refund.amountRequired',
      max: 'credits.refund.amountMax',
    }),
    date: v.pipe(v.string(), v.regex(DAY, message('credits.refund.dateRequired'))),
    method: v.picklist(PAYMENT_METHODS, message('billing.paymentDialog.methodRequired')),
    reference: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200, message('billing.field.maxChars', { max: 200 })),
    ),
  })
}

/** Record the money paid back to the customer out of a credit note's credit. */
export function RefundDialog({
  open,
  onOpenChange,
  creditNote,
  leftCents,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  creditNote: CreditNote
  /** The credit left to refund. */
  leftCents: number
}) {
  const t = useT()
  const currency = creditNote.currency
  const { values, set, errors, formError, busy, handleSubmit } = useForm(
    refundSchema(currency, leftCents),
    {
      amount: toInputAmount(leftCents, currency),
      date: todayIso(),
      method: 'bank_transfer',
      reference: '',
    },
    { invalidMessage: null, fieldAliases: { amount_cents: 'amount' } },
  )
  const submit = handleSubmit(async (output) => {
    const amount = formatMoney(output.amount, currency)
    const label = t('credits.refund.writeLabel', { amount, number: creditNote.number })
    const r = await save(writes.recordCreate, {
      collection: 'refunds',
      id: newRecordId(),
      body: {
        credit_note: creditNote.id,
        amount_cents: output.amount,
        date: pbDate(output.date),
        method: output.method,
        reference: output.reference,
      },
      label,
    })
    if (!r.ok) return shownOnce(r, ['amount', 'amount_cents', 'date', 'method', 'reference'], t)
    if (!r.queued) notify('success', t('credits.refund.recorded'), label)
    onOpenChange(false)
  })
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('credits.refund.title')}
      description={t('credits.refund.description', {
        number: creditNote.number,
        left: formatMoney(leftCents, currency),
      })}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <MoneyFields
          currency={currency}
          labels={{
            amount: 'credits.refund.amount',
            date: 'credits.refund.date',
            method: 'credits.refund.method',
            reference: 'credits.refund.reference',
          }}
          values={values}
          set={set}
          errors={errors}
        />
        <FormFooter
          align="end"
          formError={formError}
          busy={busy}
          submitLabel={t('credits.refund.submit')}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  )
}

import { creditNoteLeft } from '@/billing/credits'
import * as v from 'valibot'
import { Dialog } from '@/components/ui/dialog'
import { AmountField } from '@/billing/ui/MoneyFields'
import { SelectField } from '@/components/ui/inputs'
import { FormFooter } from '@/components/ui/form-footer'
import { formatMoney, pbDate, todayIso, toInputAmount } from '@/billing/format'
import { newRecordId } from '@/billing/ids'
import { amountField } from '@/billing/amount-field'
import { message } from '@/billing/fields'
import { save } from '@/billing/save'
import { shownOnce } from '@/billing/ui/shown-once'
import { writes } from '@/billing/writes'
import { CREDIT_METHOD, type CreditNote, type Invoice } from '@/billing/types'
import { useForm } from '@/lib/use-form'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'

/** The kept credit of a credit note: its invoice's credit, at most its total less what it already gave back. */
export const keptCreditOf = (cn: CreditNote | undefined): number =>
  !cn
    ? 0
    : creditNoteLeft(cn.expand?.invoice?.credit_cents ?? 0, cn.total_cents, cn.refunded_cents ?? 0)

/** The credit notes whose kept credit can pay this invoice: same currency, credit left. */
export const usableCredits = (notes: CreditNote[] | undefined, invoice: Invoice): CreditNote[] =>
  (notes ?? []).filter(
    (c) => c.currency === invoice.currency && c.invoice !== invoice.id && keptCreditOf(c) > 0,
  )

/** The form's rules; the limit is the credit left and the balance (the server checks both again). */
function applySchema(currency: string, maxCents: number) {
  return v.object({
    creditNote: v.pipe(v.string(), v.nonEmpty(message('credits.apply.creditNoteRequired'))),
    amount: amountField(currency, maxCents, {
      required: 'credits.apply.amountRequired',
      max: 'credits.apply.amountMax',
    }),
  })
}

/** Pay (part of) an open invoice with the credit its customer kept from a credit note. */
export function ApplyCreditDialog({
  open,
  onOpenChange,
  invoice,
  credits,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  invoice: Invoice
  /** The usable credit notes (see usableCredits), at least one. */
  credits: CreditNote[]
}) {
  const t = useT()
  const currency = invoice.currency
  const first = credits[0]
  const maxOf = (c: CreditNote | undefined) =>
    c ? Math.min(keptCreditOf(c), invoice.balance_cents) : 0
  const maxCents = Math.max(0, ...credits.map(maxOf))
  const { values, set, bind, errors, formError, busy, handleSubmit } = useForm(
    applySchema(currency, maxCents),
    { creditNote: first?.id ?? '', amount: toInputAmount(maxOf(first), currency) },
    { invalidMessage: null, fieldAliases: { amount_cents: 'amount', credit_note: 'creditNote' } },
  )
  const chosen = credits.find((c) => c.id === values.creditNote)
  const submit = handleSubmit(async (output) => {
    const amount = formatMoney(output.amount, currency)
    const number = chosen?.number ?? ''
    const label = t('credits.apply.writeLabel', { amount, number, invoice: invoice.number })
    const r = await save(writes.recordCreate, {
      collection: 'payments',
      id: newRecordId(),
      body: {
        invoice: invoice.id,
        credit_note: output.creditNote,
        amount_cents: output.amount,
        date: pbDate(todayIso()),
        method: CREDIT_METHOD,
        reference: number,
      },
      label,
    })
    if (!r.ok) return shownOnce(r, ['amount', 'amount_cents', 'creditNote', 'credit_note'], t)
    if (!r.queued) notify('success', t('credits.apply.applied'), label)
    onOpenChange(false)
  })
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('credits.apply.title')}
      description={t('credits.apply.description', {
        left: formatMoney(keptCreditOf(chosen ?? first), currency),
        balance: formatMoney(invoice.balance_cents, currency),
      })}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <SelectField
          label={t('credits.apply.creditNote')}
          value={values.creditNote}
          onChange={(e) => {
            set('creditNote')(e)
            const c = credits.find((x) => x.id === e.target.value)
            set('amount')({ target: { value: toInputAmount(maxOf(c), currency) } })
          }}
          error={errors.creditNote}
        >
          {credits.map((c) => (
            <option key={c.id} value={c.id}>
              {t('credits.apply.option', {
                number: c.number,
                left: formatMoney(keptCreditOf(c), currency),
              })}
            </option>
          ))}
        </SelectField>
        <AmountField label={t('credits.apply.amount', { currency })} {...bind('amount')} />
        <FormFooter
          align="end"
          formError={formError}
          busy={busy}
          submitLabel={t('credits.apply.submit')}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  )
}

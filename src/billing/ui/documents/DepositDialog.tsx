import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { Dialog } from '@/components/ui/dialog'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { SelectField } from '@/components/ui/inputs'
import { notify } from '@/lib/toast'
import { useT } from '@/lib/i18n'
import { recordPaths } from '@/config/paths'
import { formatMoney, parseMajor } from '@/billing/format'
import { save } from '@/billing/save'
import { writes } from '@/billing/writes'
import type { Invoice, Quote } from '@/billing/types'

/**
 * "Request a deposit" of a quote or a draft invoice: a percentage of the work, or an amount up to
 * its total. The server makes the draft deposit invoice (one line per VAT rate, numbered like any
 * invoice) and the page moves to it; its refusals are shown here.
 */
export function DepositDialog({
  open,
  onOpenChange,
  kind,
  doc,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  kind: 'quotes' | 'invoices'
  doc: Quote | Invoice
}) {
  const t = useT()
  const [, navigate] = useLocation()
  const [how, setHow] = useState<'percent' | 'amount'>('percent')
  const [value, setValue] = useState('30')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const currency = doc.currency || 'EUR'

  async function submit(e: FormEvent) {
    e.preventDefault()
    const percent = how === 'percent' ? Number(value.replace(',', '.')) : 0
    const amount = how === 'amount' ? (parseMajor(value, currency) ?? 0) : 0
    if (how === 'percent' ? !(percent > 0 && percent <= 100) : !(amount > 0)) {
      setError(t('documents.deposit.invalid'))
      return
    }
    setBusy(true)
    try {
      const r = await save(writes.depositRequest, {
        collection: kind,
        id: doc.id,
        label: t('documents.deposit.writeLabel', { number: doc.number }),
        ...(how === 'percent' ? { percent } : { amount_cents: amount }),
      })
      if (!r.ok) {
        setError(r.message)
        return
      }
      onOpenChange(false)
      notify('success', t('documents.deposit.made'))
      if (!r.queued && r.data.id) navigate(recordPaths.invoice(r.data.id))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('documents.deposit.title', { number: doc.number })}
      description={t('documents.deposit.description', {
        total: formatMoney(doc.total_cents ?? 0, currency),
      })}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <SelectField
          label={t('documents.deposit.how')}
          value={how}
          onChange={(e) => {
            setHow(e.target.value === 'amount' ? 'amount' : 'percent')
            setError(null)
          }}
        >
          <option value="percent">{t('documents.deposit.percent')}</option>
          <option value="amount">{t('documents.deposit.amount', { currency })}</option>
        </SelectField>
        <Field
          label={
            how === 'percent'
              ? t('documents.deposit.percent')
              : t('documents.deposit.amount', { currency })
          }
          inputMode="decimal"
          dir="ltr"
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            setError(null)
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('documents.send.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('documents.deposit.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

import { useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Dialog } from '@/components/ui/dialog'
import { Alert } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { formatMoney } from '@/billing/format'
import type { BankTransaction } from '@/billing/types'
import { mutationErrorMessage } from '@/lib/errors'
import { useDebounced } from '@/lib/use-debounced'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { decide, openInvoicesQuery } from '../data'
import { reasonsText } from '../reasons'

/**
 * Assign by hand: the candidates first (with why), then any open invoice found by number or
 * customer. Choosing one records the payment through the same rules as a typed one.
 */
export function AssignDialog({
  business,
  tx,
  onClose,
  onDone,
}: {
  business: string
  tx: BankTransaction
  onClose: () => void
  onDone: () => void
}) {
  const t = useT()
  const [q, setQ] = useState('')
  const search = useDebounced(q, 300)
  const found = useQuery(openInvoicesQuery(business, search))
  const assign = useMutation({
    mutationFn: (invoice: string) => decide(tx.id, 'assign', invoice),
    onSuccess: () => {
      notify('success', t('bank.done.confirm'))
      onDone()
      onClose()
    },
  })
  const candidates = tx.candidates ?? []
  const others = (found.data ?? []).filter((inv) => !candidates.some((c) => c.invoice === inv.id))
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t('bank.assign.title')}
      description={t('bank.assign.description', {
        amount: formatMoney(tx.amount_cents, tx.currency),
        party: tx.counterparty || t('bank.noName'),
      })}
    >
      <div className="grid gap-4">
        {assign.error ? <Alert>{mutationErrorMessage(assign.error)}</Alert> : null}
        {candidates.length ? (
          <section className="grid gap-2">
            <h3 className="text-sm font-medium">{t('bank.assign.candidates')}</h3>
            <ul className="grid gap-2">
              {candidates.map((c) => (
                <Choice
                  key={c.invoice}
                  number={c.number}
                  detail={reasonsText(c.reasons, t)}
                  busy={assign.isPending}
                  onChoose={() => assign.mutate(c.invoice)}
                />
              ))}
            </ul>
          </section>
        ) : null}
        <Field
          label={t('bank.assign.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          type="search"
        />
        <ul className="grid max-h-72 gap-2 overflow-y-auto">
          {others.map((inv) => (
            <Choice
              key={inv.id}
              number={inv.number}
              party={inv.expand?.customer?.name ?? ''}
              detail={t('bank.assign.balance', {
                amount: formatMoney(inv.balance_cents, inv.currency),
              })}
              busy={assign.isPending}
              onChoose={() => assign.mutate(inv.id)}
            />
          ))}
          {found.isSuccess && others.length === 0 ? (
            <li className="text-sm text-muted-foreground">{t('bank.assign.none')}</li>
          ) : null}
        </ul>
      </div>
    </Dialog>
  )
}

/** One invoice to choose: its number (and customer), a line under it, and "Choose". */
function Choice({
  number,
  party,
  detail,
  busy,
  onChoose,
}: {
  number: string
  party?: string
  detail: string
  busy: boolean
  onChoose: () => void
}) {
  const t = useT()
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2">
      <span className="min-w-0 text-sm">
        <bdi className="font-medium">{number}</bdi>
        {party ? (
          <>
            {' · '}
            <bdi>{party}</bdi>
          </>
        ) : null}
        <span className="block text-xs text-muted-foreground">{detail}</span>
      </span>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={onChoose}
        aria-label={t('bank.assign.choose', { number })}
      >
        {t('bank.assign.pick')}
      </Button>
    </li>
  )
}

import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/card'
import { RoleNote } from '@/components/ui/role-note'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate, toMajor } from '@/billing/format'
import { recordKeys } from '@/billing/queries'
import type { BankTransaction } from '@/billing/types'
import { useBusinessId } from '@/lib/business'
import { mutationErrorMessage } from '@/lib/errors'
import { useT, type Translate } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { notify } from '@/lib/toast'
import { decide, signedCents, statementsQuery } from './data'
import { confirmTarget, reasonsText, stateView } from './reasons'
import { ImportStatement } from './components/ImportStatement'
import { AssignDialog } from './components/AssignDialog'
import { Statements } from './components/Statements'
import { AutoConfirm } from './components/AutoConfirm'

type Decision = 'confirm' | 'ignore' | 'restore'

/** What the state column says: the state, the invoice and why. */
function StateCell({
  tx,
  t,
  onConfirm,
  busy,
  writer,
}: {
  tx: BankTransaction
  t: Translate
  onConfirm: () => void
  busy: boolean
  writer: boolean
}) {
  const view = stateView(tx)
  const numbers =
    tx.expand?.invoice?.number ??
    (tx.candidates ?? [])
      .map((c) => c.number)
      .filter(Boolean)
      .join(', ')
  const why = tx.state === 'matched' || tx.state === 'ignored' ? '' : reasonsText(tx.reasons, t)
  return (
    <span className="grid justify-items-start gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={view.tone}>{t(view.label)}</Badge>
        {numbers ? <bdi className="text-sm">{numbers}</bdi> : null}
      </span>
      {why ? <span className="text-xs text-muted-foreground">{why}</span> : null}
      {writer && tx.state === 'certain' && confirmTarget(tx) ? (
        <Button size="sm" onClick={onConfirm} disabled={busy}>
          {t('bank.action.confirm')}
        </Button>
      ) : null}
    </span>
  )
}

export default function BankPage() {
  const t = useT()
  const business = useBusinessId()
  const role = useRole()
  // The accountant reads the bank's transactions; only writers import and decide.
  const writer = role.can('write')
  const qc = useQueryClient()
  const [assigning, setAssigning] = useState<BankTransaction | null>(null)
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: recordKeys.all })
    void qc.invalidateQueries({ queryKey: ['bank', business] })
  }
  const act = useMutation({
    mutationFn: (v: { tx: BankTransaction; decision: Decision }) => decide(v.tx.id, v.decision),
    onSuccess: (_, v) => {
      notify('success', t(`bank.done.${v.decision}`))
      refresh()
    },
    onError: (e) => notify('error', mutationErrorMessage(e)),
  })
  const statements = useQuery({ ...statementsQuery(business), enabled: !!business })

  const columns: Column<BankTransaction>[] = [
    {
      id: 'party',
      header: t('bank.column.party'),
      sortKey: 'counterparty',
      cell: (tx) => tx.counterparty || t('bank.noName'),
      className: 'min-w-32 break-words',
    },
    {
      id: 'date',
      header: t('bank.column.date'),
      sortKey: 'date',
      cell: (tx) => formatDate(tx.booking_date),
      className: 'whitespace-nowrap',
    },
    {
      id: 'remittance',
      header: t('bank.column.remittance'),
      cell: (tx) => tx.remittance || tx.creditor_ref || '—',
      detail: (tx) => tx.remittance || tx.creditor_ref,
      from: 'xl',
      className: 'max-w-72 break-words [overflow-wrap:anywhere]',
    },
    {
      id: 'state',
      header: t('bank.column.state'),
      cell: (tx) => (
        <StateCell
          tx={tx}
          t={t}
          writer={writer}
          busy={act.isPending}
          onConfirm={() => act.mutate({ tx, decision: 'confirm' })}
        />
      ),
      detail: (tx) => t(stateView(tx).label),
      from: 'lg',
    },
    {
      id: 'amount',
      header: t('bank.column.amount'),
      sortKey: 'amount',
      align: 'end',
      cell: (tx) => formatMoney(signedCents(tx), tx.currency),
    },
  ]

  return (
    <>
      <PageHeader
        title={t('bank.title')}
        description={t('bank.description')}
        actions={
          writer && business ? <ImportStatement business={business} onDone={refresh} /> : null
        }
      />
      <div className="mb-6 grid gap-4">
        {writer ? null : <RoleNote only="bank.only" />}
        {role.can('manage') && business ? <AutoConfirm business={business} /> : null}
        <Statements statements={statements.data} loading={statements.isPending} />
      </div>
      <h2 className="mb-3 text-lg font-semibold">{t('bank.transactions')}</h2>
      <RecordList<BankTransaction>
        spec={listSpecs.bank_transactions}
        basePath={paths.bank}
        columns={columns}
        rowLabel={(tx) => tx.counterparty || t('bank.noName')}
        rowHref={(tx) =>
          tx.invoice
            ? recordPaths.invoice(tx.invoice)
            : recordPaths.listWith(paths.bank, `?q=${encodeURIComponent(tx.counterparty)}`)
        }
        cardDetail={(tx) => (
          <>
            <bdi>{formatDate(tx.booking_date)}</bdi>
            {' · '}
            <bdi>{t(stateView(tx).label)}</bdi>
            {tx.remittance ? (
              <>
                {' · '}
                <bdi>{tx.remittance}</bdi>
              </>
            ) : null}
          </>
        )}
        cardAside={(tx) => (
          <bdi className="tabular-nums">{formatMoney(signedCents(tx), tx.currency)}</bdi>
        )}
        rowActions={(tx) => {
          if (!writer) return []
          const target = confirmTarget(tx)
          return [
            ...(target
              ? [
                  {
                    label: t('bank.action.confirm'),
                    onSelect: () => act.mutate({ tx, decision: 'confirm' }),
                  },
                ]
              : []),
            ...(tx.credit && tx.state !== 'matched'
              ? [{ label: t('bank.action.assign'), onSelect: () => setAssigning(tx) }]
              : []),
            ...(tx.state === 'ignored'
              ? [
                  {
                    label: t('bank.action.restore'),
                    onSelect: () => act.mutate({ tx, decision: 'restore' }),
                  },
                ]
              : tx.state !== 'matched'
                ? [
                    {
                      label: t('bank.action.ignore'),
                      onSelect: () => act.mutate({ tx, decision: 'ignore' }),
                    },
                  ]
                : []),
          ]
        }}
        csv={{
          filename: 'bank-transactions',
          columns: [
            { header: t('bank.csv.date'), value: (tx) => isoDate(tx.booking_date) },
            { header: t('bank.csv.party'), value: (tx) => tx.counterparty },
            { header: t('bank.csv.iban'), value: (tx) => tx.counterparty_iban },
            { header: t('bank.csv.remittance'), value: (tx) => tx.remittance },
            { header: t('bank.csv.state'), value: (tx) => t(stateView(tx).label) },
            { header: t('bank.csv.invoice'), value: (tx) => tx.expand?.invoice?.number ?? '' },
            { header: t('bank.csv.currency'), value: (tx) => tx.currency },
            { header: t('bank.csv.amount'), value: (tx) => toMajor(signedCents(tx), tx.currency) },
          ],
        }}
        empty={
          <EmptyState title={t('bank.emptyTitle')}>
            {writer ? t('bank.emptyText') : t('bank.emptyTextReader')}
          </EmptyState>
        }
      />
      {assigning ? (
        <AssignDialog
          business={business}
          tx={assigning}
          onClose={() => setAssigning(null)}
          onDone={refresh}
        />
      ) : null}
    </>
  )
}

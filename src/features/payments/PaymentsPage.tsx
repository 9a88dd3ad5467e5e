import { useState } from 'react'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, textColumn, type Column } from '@/billing/ui/RecordList'
import { PaymentDialog } from '@/billing/ui/PaymentDialog'
import { EmptyState } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate, toMajor } from '@/billing/format'
import { save } from '@/billing/save'
import { CREDIT_METHOD, type Payment } from '@/billing/types'
import { useT, type Translate } from '@/lib/i18n'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'
import { useRole } from '@/lib/roles'
import { mutationErrorMessage } from '@/lib/errors'
import { refundCardPayment } from './card-refund'
import { cardMethod, refundable } from '@/billing/card-method'

const columns = (t: Translate): Column<Payment>[] => [
  {
    id: 'number',
    header: t('payments.column.number'),
    sortKey: 'number',
    cell: (p) => p.number || t('payments.newPayment'),
    className: 'whitespace-nowrap',
  },
  {
    id: 'date',
    header: t('payments.column.date'),
    sortKey: 'date',
    cell: (p) => formatDate(p.date),
    className: 'whitespace-nowrap',
  },
  {
    id: 'customer',
    header: t('payments.column.customer'),
    sortKey: 'customer',
    cell: (p) => p.expand?.customer?.name ?? '—',
    detail: (p) => p.expand?.customer?.name,
    from: 'lg',
    className: 'min-w-32 break-words',
  },
  textColumn<Payment>({
    id: 'invoice',
    header: t('payments.column.invoice'),
    sortKey: 'invoice',
    from: 'lg',
    className: 'whitespace-nowrap',
    text: (p) => p.expand?.invoice?.number,
  }),
  {
    id: 'method',
    header: t('payments.column.method'),
    cell: (p) => cardMethod(p, t),
    from: 'xl',
  },
  textColumn<Payment>({
    id: 'reference',
    header: t('payments.column.reference'),
    from: 'xl',
    className: 'break-words [overflow-wrap:anywhere]',
    text: (p) => p.reference,
  }),
  {
    id: 'amount',
    header: t('payments.column.amount'),
    sortKey: 'amount',
    align: 'end',
    cell: (p) => formatMoney(p.amount_cents, p.currency),
  },
]

export default function PaymentsPage() {
  // An accountant (or anyone in a closed business) reads the payments: no control would work.
  const writer = useRole().can('write')
  const t = useT()
  const [, navigate] = useLocation()
  const [dialog, setDialog] = useState<{
    kind: 'edit' | 'delete' | 'refund'
    payment: Payment
  } | null>(null)
  const close = (o: boolean) => (o ? undefined : setDialog(null))
  return (
    <>
      <PageHeader title={t('payments.list.title')} description={t('payments.list.description')} />
      <RecordList<Payment>
        spec={listSpecs.payments}
        basePath={paths.payments}
        columns={columns(t)}
        rowLabel={(p) => p.number || t('payments.newPayment')}
        rowHref={(p) => recordPaths.invoice(p.invoice)}
        cardDetail={(p) => (
          <>
            <bdi>{p.expand?.customer?.name ?? ''}</bdi>
            {' · '}
            <bdi>{p.expand?.invoice?.number ?? ''}</bdi>
            {' · '}
            <bdi>{formatDate(p.date)}</bdi>
          </>
        )}
        cardAside={(p) => (
          <bdi className="tabular-nums">{formatMoney(p.amount_cents, p.currency)}</bdi>
        )}
        rowActions={(p) => [
          {
            label: t('payments.action.openInvoice'),
            onSelect: () => navigate(recordPaths.invoice(p.invoice)),
          },
          // An applied credit is deleted and applied again, never edited.
          ...(writer && p.expand?.invoice && p.method !== CREDIT_METHOD
            ? [
                {
                  label: t('payments.action.edit'),
                  onSelect: () => setDialog({ kind: 'edit', payment: p }),
                },
              ]
            : []),
          ...(writer && refundable(p) > 0
            ? [
                {
                  label: t('payments.card.refundAction'),
                  onSelect: () => setDialog({ kind: 'refund', payment: p }),
                },
              ]
            : []),
          ...(writer
            ? [
                {
                  label: t('payments.action.delete'),
                  destructive: true,
                  onSelect: () => setDialog({ kind: 'delete', payment: p }),
                },
              ]
            : []),
        ]}
        pendingRows={(p) =>
          p.creates.map(
            (v) =>
              ({ ...(v.body as Partial<Payment>), id: v.id, number: '', currency: '' }) as Payment,
          )
        }
        csv={{
          filename: 'payments',
          columns: [
            { header: t('payments.csv.number'), value: (p) => p.number },
            { header: t('payments.csv.date'), value: (p) => isoDate(p.date) },
            { header: t('payments.csv.customer'), value: (p) => p.expand?.customer?.name ?? '' },
            { header: t('payments.csv.invoice'), value: (p) => p.expand?.invoice?.number ?? '' },
            { header: t('payments.csv.method'), value: (p) => cardMethod(p, t) },
            { header: t('payments.csv.reference'), value: (p) => p.reference },
            { header: t('payments.csv.currency'), value: (p) => p.currency },
            { header: t('payments.csv.amount'), value: (p) => toMajor(p.amount_cents, p.currency) },
          ],
        }}
        empty={
          <EmptyState title={t('payments.list.emptyTitle')}>
            {t('payments.list.emptyText')}
          </EmptyState>
        }
      />
      {dialog?.kind === 'edit' && dialog.payment.expand?.invoice ? (
        <PaymentDialog
          open
          onOpenChange={close}
          invoice={dialog.payment.expand.invoice}
          payment={dialog.payment}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={close}
        title={t('payments.delete.title', { number: dialog?.payment.number ?? '' })}
        description={t('payments.delete.description')}
        confirmLabel={t('payments.delete.confirm')}
        destructive
        onConfirm={async () => {
          if (!dialog) return
          const r = await save(writes.recordDelete, {
            collection: 'payments',
            id: dialog.payment.id,
            label: t('payments.delete.label', { number: dialog.payment.number }),
          })
          if (!r.ok) return r.message
          if (!r.queued) notify('success', t('payments.delete.done'))
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'refund'}
        onOpenChange={close}
        title={t('payments.card.refundTitle', {
          amount: dialog ? formatMoney(refundable(dialog.payment), dialog.payment.currency) : '',
        })}
        description={t('payments.card.refundDescription')}
        confirmLabel={t('payments.card.refundConfirm')}
        destructive
        onConfirm={async () => {
          if (!dialog) return
          try {
            await refundCardPayment(dialog.payment.id)
          } catch (e) {
            return mutationErrorMessage(e)
          }
          notify('success', t('payments.card.refundDone'))
        }}
      />
    </>
  )
}

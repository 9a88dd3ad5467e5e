import { useState } from 'react'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { PaymentDialog } from '@/billing/ui/PaymentDialog'
import { EmptyState } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatDate, formatMoney, isoDate, toMajor } from '@/billing/format'
import { save } from '@/billing/save'
import { methodLabels, type Payment } from '@/billing/types'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'

const columns: Column<Payment>[] = [
  { id: 'number', header: 'Number', sortKey: 'number', cell: (p) => p.number || 'New payment' },
  { id: 'date', header: 'Date', sortKey: 'date', cell: (p) => formatDate(p.date) },
  {
    id: 'customer',
    header: 'Customer',
    sortKey: 'customer',
    cell: (p) => p.expand?.customer?.name ?? '—',
  },
  {
    id: 'invoice',
    header: 'Invoice',
    sortKey: 'invoice',
    cell: (p) => p.expand?.invoice?.number ?? '—',
  },
  { id: 'method', header: 'Method', cell: (p) => methodLabels[p.method] },
  { id: 'reference', header: 'Reference', cell: (p) => p.reference || '—' },
  {
    id: 'amount',
    header: 'Amount',
    sortKey: 'amount',
    align: 'end',
    cell: (p) => formatMoney(p.amount_cents, p.currency),
  },
]

export default function PaymentsPage() {
  const [, navigate] = useLocation()
  const [dialog, setDialog] = useState<{ kind: 'edit' | 'delete'; payment: Payment } | null>(null)
  const close = (o: boolean) => (o ? undefined : setDialog(null))
  return (
    <>
      <PageHeader
        title="Payments"
        description="Money received against your invoices. Record a payment from its invoice."
      />
      <RecordList<Payment>
        spec={listSpecs.payments}
        basePath={paths.payments}
        noun="payments"
        columns={columns}
        rowLabel={(p) => p.number || 'New payment'}
        rowHref={(p) => recordPaths.invoice(p.invoice)}
        cardDetail={(p) =>
          `${p.expand?.customer?.name ?? ''} · ${p.expand?.invoice?.number ?? ''} · ${formatDate(p.date)}`
        }
        cardAside={(p) => (
          <span className="tabular-nums">{formatMoney(p.amount_cents, p.currency)}</span>
        )}
        rowActions={(p) => [
          { label: 'Open invoice', onSelect: () => navigate(recordPaths.invoice(p.invoice)) },
          ...(p.expand?.invoice
            ? [{ label: 'Edit', onSelect: () => setDialog({ kind: 'edit', payment: p }) }]
            : []),
          {
            label: 'Delete',
            destructive: true,
            onSelect: () => setDialog({ kind: 'delete', payment: p }),
          },
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
            { header: 'Number', value: (p) => p.number },
            { header: 'Date', value: (p) => isoDate(p.date) },
            { header: 'Customer', value: (p) => p.expand?.customer?.name ?? '' },
            { header: 'Invoice', value: (p) => p.expand?.invoice?.number ?? '' },
            { header: 'Method', value: (p) => methodLabels[p.method] },
            { header: 'Reference', value: (p) => p.reference },
            { header: 'Currency', value: (p) => p.currency },
            { header: 'Amount', value: (p) => toMajor(p.amount_cents, p.currency) },
          ],
        }}
        empty={
          <EmptyState title="No payments found">
            Payments appear here when you record them on an invoice. If you searched or filtered,
            try clearing it.
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
        title={`Delete payment ${dialog?.payment.number ?? ''}?`}
        description="Its invoice's balance goes back up by its amount."
        confirmLabel="Delete payment"
        destructive
        onConfirm={async () => {
          if (!dialog) return
          const r = await save(writes.recordDelete, {
            collection: 'payments',
            id: dialog.payment.id,
            label: `Delete payment ${dialog.payment.number}`,
          })
          if (!r.ok) return r.message
          if (!r.queued) notify('success', 'Payment deleted')
        }}
      />
    </>
  )
}

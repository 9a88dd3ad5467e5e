import { useRef, useState } from 'react'
import { RecordPending } from '@/billing/ui/RecordPending'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'wouter'
import { DocumentSummary } from '@/billing/ui/documents/DocumentSummary'
import { PageHeader } from '@/components/layout/PageHeader'
import { Card } from '@/components/ui/card'
import { Button, buttonClass } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm'
import { Field } from '@/components/ui/field'
import { Menu } from '@/components/ui/menu'
import { InvoiceStatusBadge, PendingBadge } from '@/billing/ui/StatusBadge'
import { PaymentDialog } from '@/billing/ui/PaymentDialog'
import { ApplyCreditDialog, usableCredits } from '@/billing/ui/ApplyCreditDialog'
import { DocumentSheet } from '@/billing/ui/documents/DocumentSheet'
import { changeStatus } from '@/billing/ui/documents/doc-actions'
import { DocumentActions } from '@/billing/ui/documents/DocumentActions'
import { ActivityTimeline } from '@/billing/ui/documents/ActivityTimeline'
import { CustomerLink } from '@/billing/ui/documents/CustomerLink'
import { EInvoiceCard } from '@/billing/ui/documents/EInvoiceCard'
import { ownerEInvoice } from '@/billing/einvoice/from-records'
import { unitCodeFor } from '@/billing/einvoice/units'
import { recordPaths } from '@/config/paths'
import {
  customerKeptCreditQuery,
  invoiceCreditNotesQuery,
  invoicePaymentsQuery,
  recordQuery,
  sellerQuery,
} from '@/billing/queries'
import { canCredit, invoiceSettlement } from '@/billing/credits'
import { PreloadLink } from '@/components/ui/preload-link'
import { formatDate, formatMoney } from '@/billing/format'
import { invoiceActions } from '@/billing/status'
import { usePendingWrites } from '@/billing/save'
import { save } from '@/billing/save'
import { CREDIT_METHOD, type Invoice, type Payment, type Quote } from '@/billing/types'
import { writes } from '@/billing/writes'
import { cardMethod } from '@/billing/card-method'
import { notify } from '@/lib/toast'
import { useBusinessId } from '@/lib/business'
import { useRole } from '@/lib/roles'
import { MoreHorizontal } from 'lucide-react'
import { richText, useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/components/layout/document-title'

export default function InvoicePage() {
  const t = useT()
  const { id } = useParams<{ id: string }>()
  const invoice = useQuery(recordQuery<Invoice>('invoices', id))
  useDocumentTitle(invoice.data && (invoice.data.number || t('documents.invoices.draftInvoice')))
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const payments = useQuery(invoicePaymentsQuery(id))
  const creditNotes = useQuery(invoiceCreditNotesQuery(id))
  const quote = useQuery({
    ...recordQuery<Quote>('quotes', invoice.data?.quote ?? ''),
    enabled: !!invoice.data?.quote,
  })
  const openForCredit = ['sent', 'viewed', 'partial'].includes(invoice.data?.status ?? '')
  const keptCredit = useQuery({
    ...customerKeptCreditQuery(invoice.data?.customer ?? ''),
    enabled: openForCredit && !!invoice.data?.customer,
  })
  const pendingPayments = usePendingWrites('payments')
  // An accountant (or anyone in a closed business) reads the invoice: no control would work.
  const writer = useRole().can('write')
  const [dialog, setDialog] = useState<
    | { kind: 'pay' }
    | { kind: 'applyCredit' }
    | { kind: 'editPayment'; payment: Payment }
    | { kind: 'deletePayment'; payment: Payment }
    | { kind: 'void' }
    | null
  >(null)
  const [voidReason, setVoidReason] = useState('')
  const [voidError, setVoidError] = useState<string | null>(null)
  const voidField = useRef<HTMLInputElement>(null)

  const inv = invoice.data
  if (!inv) {
    return <RecordPending failed={invoice.isError} what="invoice" />
  }
  const actions = invoiceActions(inv)
  const settled = invoiceSettlement(inv)
  const credited = inv.credited_cents ?? 0
  const can = (a: (typeof actions)[number]) => writer && actions.includes(a)
  const credits =
    writer && openForCredit && inv.balance_cents > 0 ? usableCredits(keptCredit.data, inv) : []
  const customer = inv.expand?.customer
  const pending = (inv as Invoice & { pending?: boolean }).pending
  const queuedPayments = pendingPayments.creates
    .filter((p) => p.body.invoice === inv.id)
    .map(
      (p) =>
        ({ ...(p.body as Partial<Payment>), id: p.id, number: '', pending: true }) as Payment & {
          pending: boolean
        },
    )
  const allPayments = [
    ...queuedPayments.filter((q) => !payments.data?.some((p) => p.id === q.id)),
    ...(payments.data ?? []),
  ].filter((p) => !pendingPayments.deletes.some((d) => d.id === p.id))
  const title = inv.number
    ? t('documents.invoice.title', { number: inv.number })
    : t('documents.invoices.draftInvoice')

  return (
    <>
      <PageHeader
        title={title}
        description={
          <DocumentSummary
            badge={<InvoiceStatusBadge invoice={inv} />}
            pending={pending}
            customer={customer}
          >
            {/* A paid invoice's badge says Paid: no "balance €0.00" beside it. */}
            {inv.status === 'paid' ? null : (
              <span>
                {richText(t, 'documents.invoice.summary', {
                  date: <bdi className="whitespace-nowrap">{formatDate(inv.due_date)}</bdi>,
                  balance: (
                    <bdi className="whitespace-nowrap tabular-nums">
                      {formatMoney(inv.balance_cents, inv.currency)}
                    </bdi>
                  ),
                })}
              </span>
            )}
            {settled.settled_by_credit ? <span>{t('credits.invoice.settledByCredit')}</span> : null}
            {quote.data ? (
              <span>
                {richText(t, 'documents.invoice.quoteLink', {
                  link: (
                    <Link
                      href={recordPaths.quote(quote.data.id)}
                      className="underline underline-offset-4"
                    >
                      <bdi>{quote.data.number}</bdi>
                    </Link>
                  ),
                })}
              </span>
            ) : null}
          </DocumentSummary>
        }
        actions={
          <DocumentActions
            kind="invoices"
            doc={inv}
            customer={customer}
            seller={seller.data}
            can={can}
            menu={
              can('void')
                ? [
                    {
                      label: t('documents.invoice.void'),
                      destructive: true,
                      onSelect: () => setDialog({ kind: 'void' }),
                    },
                  ]
                : []
            }
          >
            {can('recordPayment') ? (
              <Button onClick={() => setDialog({ kind: 'pay' })}>
                {t('documents.invoice.recordPayment')}
              </Button>
            ) : null}
            {!pending && credits.length > 0 ? (
              <Button variant="outline" onClick={() => setDialog({ kind: 'applyCredit' })}>
                {t('credits.apply.action')}
              </Button>
            ) : null}
            {writer && !pending && canCredit(inv) ? (
              <PreloadLink
                href={recordPaths.creditNoteFor(inv.id)}
                className={buttonClass('outline')}
              >
                {t('credits.invoice.credit')}
              </PreloadLink>
            ) : null}
          </DocumentActions>
        }
      />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <DocumentSheet kind="invoices" doc={inv} seller={seller.data} />
        <div className="grid min-w-0 content-start gap-6">
          <Card className="grid content-start gap-3 p-4">
            <h2 className="font-semibold">{t('documents.invoice.payments')}</h2>
            <dl className="grid grid-cols-[1fr_auto] gap-1 text-sm">
              <dt>{t('documents.invoice.total')}</dt>
              <dd className="text-end whitespace-nowrap tabular-nums">
                <bdi>{formatMoney(inv.total_cents, inv.currency)}</bdi>
              </dd>
              <dt>{t('documents.invoice.paid')}</dt>
              <dd className="text-end whitespace-nowrap tabular-nums">
                <bdi>{formatMoney(inv.paid_cents, inv.currency)}</bdi>
              </dd>
              {credited > 0 ? (
                <>
                  <dt>{t('credits.invoice.credited')}</dt>
                  <dd className="text-end whitespace-nowrap tabular-nums">
                    <bdi>{formatMoney(credited, inv.currency)}</bdi>
                  </dd>
                </>
              ) : null}
              <dt className="font-semibold">{t('documents.invoice.balanceDue')}</dt>
              <dd className="text-end font-semibold whitespace-nowrap tabular-nums">
                <bdi>{formatMoney(inv.balance_cents, inv.currency)}</bdi>
              </dd>
              {(inv.refunded_cents ?? 0) > 0 ? (
                <>
                  <dt>{t('credits.invoice.refunded')}</dt>
                  <dd className="text-end whitespace-nowrap tabular-nums">
                    <bdi>{formatMoney(inv.refunded_cents ?? 0, inv.currency)}</bdi>
                  </dd>
                </>
              ) : null}
              {settled.credit_cents > 0 ? (
                <>
                  <dt>{t('credits.invoice.creditLeft')}</dt>
                  <dd className="text-end whitespace-nowrap tabular-nums">
                    <bdi>{formatMoney(settled.credit_cents, inv.currency)}</bdi>
                  </dd>
                </>
              ) : null}
            </dl>
            {allPayments.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('documents.invoice.noPayments')}</p>
            ) : (
              <ul className="grid gap-2" aria-label={t('documents.invoice.paymentHistory')}>
                {allPayments.map((p) => (
                  <li
                    key={p.id}
                    className="flex items-start justify-between gap-2 rounded-md border border-border p-2 text-sm"
                  >
                    <div className="min-w-0">
                      <div className="font-medium whitespace-nowrap tabular-nums">
                        <bdi>{formatMoney(p.amount_cents, inv.currency)}</bdi>
                      </div>
                      <div className="break-words text-muted-foreground">
                        <bdi className="whitespace-nowrap">{formatDate(p.date)}</bdi> ·{' '}
                        {cardMethod(p, t)}
                        {p.number ? (
                          <>
                            {' · '}
                            <bdi className="whitespace-nowrap">{p.number}</bdi>
                          </>
                        ) : null}
                        {p.reference ? (
                          <>
                            {' · '}
                            <bdi>{p.reference}</bdi>
                          </>
                        ) : null}
                      </div>
                      {(p as Payment & { pending?: boolean }).pending ? <PendingBadge /> : null}
                    </div>
                    {writer && p.number ? (
                      <Menu
                        label={t('documents.invoice.paymentActions', { number: p.number })}
                        trigger={<MoreHorizontal className="size-4" aria-hidden />}
                        items={[
                          ...(p.method === CREDIT_METHOD
                            ? []
                            : [
                                {
                                  label: t('documents.actions.edit'),
                                  onSelect: () => setDialog({ kind: 'editPayment', payment: p }),
                                },
                              ]),
                          {
                            label: t('documents.actions.delete'),
                            destructive: true,
                            onSelect: () => setDialog({ kind: 'deletePayment', payment: p }),
                          },
                        ]}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {creditNotes.data?.length ? (
            <Card className="grid content-start gap-3 p-4">
              <h2 className="font-semibold">{t('credits.invoice.creditNotes')}</h2>
              <ul className="grid gap-2">
                {creditNotes.data.map((c) => (
                  <li
                    key={c.id}
                    className="flex items-start justify-between gap-2 rounded-md border border-border p-2 text-sm"
                  >
                    <div className="min-w-0">
                      <Link
                        href={recordPaths.creditNote(c.id)}
                        className="font-medium underline underline-offset-4"
                      >
                        <bdi>{c.number}</bdi>
                      </Link>
                      <div className="break-words text-muted-foreground">
                        <bdi className="whitespace-nowrap">{formatDate(c.issue_date)}</bdi>
                        {c.reason ? (
                          <>
                            {' · '}
                            <bdi>{c.reason}</bdi>
                          </>
                        ) : null}
                      </div>
                    </div>
                    <bdi className="whitespace-nowrap tabular-nums">
                      {formatMoney(c.total_cents, c.currency)}
                    </bdi>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          <EInvoiceCard
            src={
              pending
                ? undefined
                : ownerEInvoice('invoices', inv, customer, seller.data, unitCodeFor)
            }
            seller={seller.data}
          />
          <ActivityTimeline documentId={inv.id} />
          <CustomerLink kind="invoices" id={inv.id} isDraft={inv.status === 'draft'} />
        </div>
      </div>

      {dialog?.kind === 'applyCredit' && credits.length > 0 ? (
        <ApplyCreditDialog
          open
          onOpenChange={(o) => (o ? undefined : setDialog(null))}
          invoice={inv}
          credits={credits}
        />
      ) : null}
      {dialog?.kind === 'pay' || dialog?.kind === 'editPayment' ? (
        <PaymentDialog
          open
          onOpenChange={(o) => (o ? undefined : setDialog(null))}
          invoice={inv}
          payment={dialog.kind === 'editPayment' ? dialog.payment : undefined}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'deletePayment'}
        onOpenChange={(o) => (o ? undefined : setDialog(null))}
        title={t('documents.invoice.deletePaymentTitle')}
        description={t('documents.invoice.deletePaymentDescription')}
        confirmLabel={t('documents.invoice.deletePaymentConfirm')}
        destructive
        onConfirm={async () => {
          if (dialog?.kind !== 'deletePayment') return
          const p = dialog.payment
          const r = await save(writes.recordDelete, {
            collection: 'payments',
            id: p.id,
            label: t('documents.invoice.deletePaymentLabel', { number: p.number }),
          })
          if (!r.ok) return r.message
          if (!r.queued) notify('success', t('documents.invoice.paymentDeleted'))
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'void'}
        onOpenChange={(o) => {
          if (o) return
          setDialog(null)
          setVoidError(null)
        }}
        title={t('documents.invoice.voidTitle', { number: inv.number })}
        description={t('documents.invoice.voidDescription')}
        confirmLabel={t('documents.invoice.voidConfirm')}
        destructive
        onConfirm={async () => {
          // The reason's message is shown at its field, once; a refusal in the dialog, once.
          if (!voidReason.trim()) {
            setVoidError(t('documents.invoice.voidReasonRequired'))
            voidField.current?.focus()
            return false
          }
          return changeStatus(
            'invoices',
            inv,
            { status: 'void', void_reason: voidReason.trim() },
            'voided',
            'inline',
          )
        }}
      >
        <Field
          ref={voidField}
          label={t('documents.invoice.voidReason')}
          value={voidReason}
          onChange={(e) => {
            setVoidReason(e.target.value)
            setVoidError(null)
          }}
          error={voidError}
          required
        />
      </ConfirmDialog>
    </>
  )
}

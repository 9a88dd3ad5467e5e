import { creditNoteLeft } from '@/billing/credits'
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'wouter'
import { MoreHorizontal } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { Card } from '@/components/ui/card'
import { Button, buttonClass } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm'
import { Menu } from '@/components/ui/menu'
import { PreloadLink } from '@/components/ui/preload-link'
import { RecordPending } from '@/billing/ui/RecordPending'
import { PendingBadge } from '@/billing/ui/StatusBadge'
import { PrintableSheet } from '@/billing/ui/documents/PrintableSheet'
import { creditNoteRefundsQuery, recordQuery, sellerQuery } from '@/billing/queries'
import { creditNotePrintable } from '@/billing/printable'
import { formatDate, formatMoney } from '@/billing/format'
import { save } from '@/billing/save'
import { writes } from '@/billing/writes'
import { methodLabel, type CreditNote, type Invoice, type Refund } from '@/billing/types'
import { recordPaths } from '@/config/paths'
import { useBusinessId } from '@/lib/business'
import { useDocumentTitle } from '@/components/layout/document-title'
import { notify } from '@/lib/toast'
import { richText, useT } from '@/lib/i18n'
import { EInvoiceCard } from '@/billing/ui/documents/EInvoiceCard'
import { creditNoteEInvoice } from '@/billing/einvoice/from-records'
import { unitCodeFor } from '@/billing/einvoice/units'
import { RefundDialog } from './RefundDialog'
import { useRole } from '@/lib/roles'
import { SendDialog } from '@/billing/ui/documents/SendDialog'
import { PdfButton } from '@/billing/ui/documents/DownloadPdfButton'

/**
 * /credit-notes/:id: the credit note as printed, the invoice it corrects, and what its credit
 * became: taken off the balance, refunded (with the refunds) or kept.
 */
export default function CreditNotePage() {
  const t = useT()
  const { id } = useParams<{ id: string }>()
  const query = useQuery(recordQuery<CreditNote>('credit_notes', id))
  const cn = query.data
  const invoice = useQuery({
    ...recordQuery<Invoice>('invoices', cn?.invoice ?? ''),
    enabled: !!cn?.invoice,
  })
  const refunds = useQuery({ ...creditNoteRefundsQuery(id), enabled: !!cn })
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  useDocumentTitle(cn?.number || t('credits.kind'))
  const [dialog, setDialog] = useState<
    { kind: 'refund' } | { kind: 'deleteRefund'; refund: Refund } | { kind: 'send' } | null
  >(null)
  // Accountants read and download; sending is for the roles that write.
  const writer = useRole().can('write')

  if (!cn) return <RecordPending failed={query.isError} what="document" />
  const inv = invoice.data ?? cn.expand?.invoice
  const pending = (cn as CreditNote & { pending?: boolean }).pending
  // What may still be refunded: the invoice's credit, at most this note's unrefunded part.
  const left = creditNoteLeft(inv?.credit_cents ?? 0, cn.total_cents, cn.refunded_cents ?? 0)
  const printable = creditNotePrintable(
    cn,
    inv?.number ?? '',
    cn.expand?.customer ?? undefined,
    seller.data,
  )
  // With e-invoicing on, Download PDF gives the Factur-X PDF and the XML downloads are offered.
  const einvoice = pending
    ? undefined
    : creditNoteEInvoice(cn, inv, cn.expand?.customer, seller.data, unitCodeFor)

  return (
    <>
      <PageHeader
        title={cn.number ? t('credits.page.title', { number: cn.number }) : t('credits.kind')}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {pending ? <PendingBadge /> : null}
            {inv ? (
              <span>
                {richText(t, 'credits.page.forInvoice', {
                  link: (
                    <Link
                      href={recordPaths.invoice(inv.id)}
                      className="underline underline-offset-4"
                    >
                      <bdi>{inv.number}</bdi>
                    </Link>
                  ),
                })}
              </span>
            ) : null}
            {cn.expand?.customer ? (
              <Link
                href={recordPaths.customer(cn.expand.customer.id)}
                className="break-words underline underline-offset-4"
              >
                <bdi>{cn.expand.customer.name}</bdi>
              </Link>
            ) : null}
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {left > 0 && !pending ? (
              <Button onClick={() => setDialog({ kind: 'refund' })}>
                {t('credits.page.recordRefund')}
              </Button>
            ) : null}
            {writer && cn.number && !pending ? (
              <Button variant="outline" onClick={() => setDialog({ kind: 'send' })}>
                {cn.sent_at ? t('documents.actions.sendAgain') : t('documents.actions.send')}
              </Button>
            ) : null}
            <PreloadLink
              href={recordPaths.creditNotePrint(cn.id)}
              className={buttonClass('outline')}
            >
              {t('credits.page.print')}
            </PreloadLink>
            <PdfButton source={() => Promise.resolve({ printable, einvoice })} />
          </div>
        }
      />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <PrintableSheet doc={printable} />
        <div className="grid min-w-0 content-start gap-6">
          <Card className="grid content-start gap-3 p-4">
            <h2 className="font-semibold">{t('credits.page.credit')}</h2>
            <dl className="grid grid-cols-[1fr_auto] gap-1 text-sm">
              <dt>{t('credits.page.total')}</dt>
              <dd className="text-end whitespace-nowrap tabular-nums">
                <bdi>{formatMoney(cn.total_cents, cn.currency)}</bdi>
              </dd>
              <dt>{t('credits.page.refunded')}</dt>
              <dd className="text-end whitespace-nowrap tabular-nums">
                <bdi>{formatMoney(cn.refunded_cents ?? 0, cn.currency)}</bdi>
              </dd>
              <dt className="font-semibold">{t('credits.page.left')}</dt>
              <dd className="text-end font-semibold whitespace-nowrap tabular-nums">
                <bdi>{formatMoney(left, cn.currency)}</bdi>
              </dd>
            </dl>
            <p className="text-sm text-muted-foreground">
              {left > 0 ? t('credits.page.leftHelp') : t('credits.page.noLeftHelp')}
            </p>
            {refunds.data?.length ? (
              <ul className="grid gap-2" aria-label={t('credits.page.refunds')}>
                {refunds.data.map((r) => (
                  <li
                    key={r.id}
                    className="flex items-start justify-between gap-2 rounded-md border border-border p-2 text-sm"
                  >
                    <div className="min-w-0">
                      <div className="font-medium whitespace-nowrap tabular-nums">
                        <bdi>{formatMoney(r.amount_cents, r.currency)}</bdi>
                      </div>
                      <div className="break-words text-muted-foreground">
                        <bdi className="whitespace-nowrap">{formatDate(r.date)}</bdi> ·{' '}
                        {methodLabel(r.method, t)}
                        {r.reference ? (
                          <>
                            {' · '}
                            <bdi>{r.reference}</bdi>
                          </>
                        ) : null}
                      </div>
                    </div>
                    <Menu
                      label={t('credits.page.refundActions', {
                        amount: formatMoney(r.amount_cents, r.currency),
                      })}
                      trigger={<MoreHorizontal className="size-4" aria-hidden />}
                      items={[
                        {
                          label: t('documents.actions.delete'),
                          destructive: true,
                          onSelect: () => setDialog({ kind: 'deleteRefund', refund: r }),
                        },
                      ]}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t('credits.page.noRefunds')}</p>
            )}
          </Card>
          <EInvoiceCard src={einvoice} seller={seller.data} creditNote />
        </div>
      </div>

      {dialog?.kind === 'send' ? (
        <SendDialog
          open
          onOpenChange={(open) => setDialog(open ? dialog : null)}
          kind="credit_notes"
          doc={cn}
          customer={cn.expand?.customer ?? undefined}
          seller={seller.data}
          creditedInvoice={inv}
        />
      ) : null}
      {dialog?.kind === 'refund' ? (
        <RefundDialog
          open
          onOpenChange={(o) => (o ? undefined : setDialog(null))}
          creditNote={cn}
          leftCents={left}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'deleteRefund'}
        onOpenChange={(o) => (o ? undefined : setDialog(null))}
        title={t('credits.page.deleteRefundTitle')}
        description={t('credits.page.deleteRefundDescription')}
        confirmLabel={t('credits.page.deleteRefundConfirm')}
        destructive
        onConfirm={async () => {
          if (dialog?.kind !== 'deleteRefund') return
          const r = await save(writes.recordDelete, {
            collection: 'refunds',
            id: dialog.refund.id,
            label: t('credits.page.deleteRefundLabel', { number: cn.number }),
          })
          if (!r.ok) return r.message
          if (!r.queued) notify('success', t('credits.page.refundDeleted'))
        }}
      />
    </>
  )
}

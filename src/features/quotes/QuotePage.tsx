import { useState } from 'react'
import { RecordPending } from '@/billing/ui/RecordPending'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useParams } from 'wouter'
import { DocumentSummary } from '@/billing/ui/documents/DocumentSummary'
import { PageHeader } from '@/components/layout/PageHeader'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm'
import { Field } from '@/components/ui/field'
import { QuoteStatusBadge } from '@/billing/ui/StatusBadge'
import { DocumentSheet } from '@/billing/ui/documents/DocumentSheet'
import { changeStatus } from '@/billing/ui/documents/doc-actions'
import { DocumentActions } from '@/billing/ui/documents/DocumentActions'
import { ActivityTimeline } from '@/billing/ui/documents/ActivityTimeline'
import { CustomerLink } from '@/billing/ui/documents/CustomerLink'
import { recordPaths } from '@/config/paths'
import { recordQuery, sellerQuery } from '@/billing/queries'
import { useRole } from '@/lib/roles'
import { formatDate } from '@/billing/format'
import { quoteActions } from '@/billing/status'
import { save } from '@/billing/save'
import type { Invoice, Quote } from '@/billing/types'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'
import { useBusinessId } from '@/lib/business'
import { richText, useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/components/layout/document-title'

export default function QuotePage() {
  const t = useT()
  const { id } = useParams<{ id: string }>()
  const [, navigate] = useLocation()
  const quote = useQuery(recordQuery<Quote>('quotes', id))
  useDocumentTitle(quote.data && (quote.data.number || t('documents.quotes.draftQuote')))
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const invoice = useQuery({
    ...recordQuery<Invoice>('invoices', quote.data?.invoice ?? ''),
    enabled: !!quote.data?.invoice,
  })
  // An accountant (or anyone in a closed business) reads the quote: no control would work.
  const writer = useRole().can('write')
  const [dialog, setDialog] = useState<'accept' | 'reject' | 'convert' | null>(null)
  const [rejectReason, setRejectReason] = useState('')

  const q = quote.data
  if (!q) {
    return <RecordPending failed={quote.isError} what="quote" />
  }
  const actions = quoteActions(q)
  const can = (a: (typeof actions)[number]) => writer && actions.includes(a)
  const customer = q.expand?.customer
  const pending = (q as Quote & { pending?: boolean }).pending

  /** Resolves to a refusal to show in the confirmation, or nothing when done or queued. */
  const convert = async (): Promise<string | void> => {
    const r = await save(
      writes.quoteConvert,
      {
        quoteId: q.id,
        label: t('documents.quote.convertLabel', {
          number: q.number || t('documents.draftInParentheses'),
        }),
      },
      t('documents.quote.convertQueued'),
    )
    if (!r.ok) return r.message
    if (r.queued) return
    notify('success', t('documents.quote.converted'), t('documents.quote.convertedDetail'))
    if (r.data.invoice) navigate(recordPaths.invoice(r.data.invoice))
  }

  return (
    <>
      <PageHeader
        title={
          q.number
            ? t('documents.quote.title', { number: q.number })
            : t('documents.quotes.draftQuote')
        }
        description={
          <DocumentSummary
            badge={<QuoteStatusBadge quote={q} />}
            pending={pending}
            customer={customer}
          >
            {q.expiry_date ? (
              <span>
                {richText(t, 'documents.quote.validUntil', {
                  date: <bdi className="whitespace-nowrap">{formatDate(q.expiry_date)}</bdi>,
                })}
              </span>
            ) : null}
            {invoice.data ? (
              <span>
                {richText(t, 'documents.quote.invoiceLink', {
                  link: (
                    <Link
                      href={recordPaths.invoice(invoice.data.id)}
                      className="underline underline-offset-4"
                    >
                      {invoice.data.number ? (
                        <bdi>{invoice.data.number}</bdi>
                      ) : (
                        t('documents.quote.draftLink')
                      )}
                    </Link>
                  ),
                })}
              </span>
            ) : null}
          </DocumentSummary>
        }
        actions={
          <DocumentActions kind="quotes" doc={q} customer={customer} seller={seller.data} can={can}>
            {can('accept') ? (
              <Button onClick={() => setDialog('accept')}>{t('documents.quote.accept')}</Button>
            ) : null}
            {can('convert') ? (
              <Button
                variant={q.status === 'accepted' ? 'primary' : 'outline'}
                onClick={() => setDialog('convert')}
              >
                {t('documents.quote.convert')}
              </Button>
            ) : null}
            {can('reject') ? (
              <Button variant="outline" onClick={() => setDialog('reject')}>
                {t('documents.quote.reject')}
              </Button>
            ) : null}
            {can('revise') ? (
              <Button
                variant="outline"
                onClick={() => void changeStatus('quotes', q, { status: 'draft' }, 'backToDraft')}
              >
                {t('documents.quote.revise')}
              </Button>
            ) : null}
          </DocumentActions>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          <DocumentSheet kind="quotes" doc={q} seller={seller.data} />
          {q.status === 'rejected' && q.reject_reason ? (
            <p className="mt-4 text-sm break-words text-muted-foreground">
              {richText(t, 'documents.quote.rejectedReason', {
                reason: <bdi>{q.reject_reason}</bdi>,
              })}
            </p>
          ) : null}
        </div>
        <div className="grid content-start gap-6">
          <ActivityTimeline documentId={q.id} />
          <CustomerLink kind="quotes" id={q.id} isDraft={q.status === 'draft'} />
        </div>
      </div>
      <ConfirmDialog
        open={dialog === 'accept'}
        onOpenChange={(o) => (o ? undefined : setDialog(null))}
        title={t('documents.quote.acceptTitle', { number: q.number })}
        description={t('documents.quote.acceptDescription')}
        confirmLabel={t('documents.quote.acceptConfirm')}
        onConfirm={() => changeStatus('quotes', q, { status: 'accepted' }, 'accepted', 'inline')}
      />

      <ConfirmDialog
        open={dialog === 'convert'}
        onOpenChange={(o) => (o ? undefined : setDialog(null))}
        title={t('documents.quote.convertTitle', { number: q.number })}
        description={t('documents.quote.convertDescription')}
        confirmLabel={t('documents.quote.convertConfirm')}
        onConfirm={convert}
      />

      <ConfirmDialog
        open={dialog === 'reject'}
        onOpenChange={(o) => (o ? undefined : setDialog(null))}
        title={t('documents.quote.rejectTitle', { number: q.number })}
        description={t('documents.quote.rejectDescription')}
        confirmLabel={t('documents.quote.rejectConfirm')}
        onConfirm={() =>
          changeStatus(
            'quotes',
            q,
            { status: 'rejected', reject_reason: rejectReason.trim() },
            'rejected',
            'inline',
          )
        }
      >
        <Field
          label={t('documents.quote.rejectReason')}
          value={rejectReason}
          onChange={(e) => setRejectReason(e.target.value)}
        />
      </ConfirmDialog>
    </>
  )
}

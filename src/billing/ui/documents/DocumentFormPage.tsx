import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { RecordPending } from '../RecordPending'
import { useLocation, useParams, useSearch } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { Alert } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { invoiceActions, quoteActions } from '@/billing/status'
import { paths, recordPaths } from '@/config/paths'
import { recordQuery, sellerQuery } from '@/billing/queries'
import { emptyLine, fromDocument, toBody, type DocumentForm } from '@/billing/document-form'
import { addDays, todayIso } from '@/billing/format'
import { newRecordId } from '@/billing/ids'
import { baseFor, openingStale, save, usePendingWrites } from '@/billing/save'
import type { Customer, DocumentKind, Invoice, Quote } from '@/billing/types'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'
import { useT } from '@/lib/i18n'
import { useAuthSelector } from '@/lib/auth-context'
import { useBusinessId } from '@/lib/business'
import { selectUser } from '@machines/auth/selectors'
import { DocumentEditor } from './DocumentEditor'
import { useDocumentTitle } from '@/components/layout/document-title'

const words = {
  quotes: { one: 'quote', list: paths.quotes, page: recordPaths.quote },
  invoices: { one: 'invoice', list: paths.invoices, page: recordPaths.invoice },
} as const

/**
 * /quotes/new, /invoices/new (optionally ?customer=<id> or ?from=<id> to duplicate) and
 * /…/:id/edit.
 */
export function DocumentFormPage({ kind }: { kind: DocumentKind }) {
  const t = useT()
  const { id } = useParams<{ id?: string }>()
  const search = new URLSearchParams(useSearch())
  const from = search.get('from') ?? ''
  const presetCustomer = search.get('customer') ?? ''
  const [, navigate] = useLocation()
  const user = useAuthSelector(selectUser)
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const sourceId = id ?? from
  const source = useQuery({
    ...recordQuery<Quote | Invoice>(kind, sourceId),
    enabled: !!sourceId,
    // An edit asks the server for the record's current version, however fresh the copy here.
    refetchOnMount: id ? 'always' : true,
  })
  const customer = useQuery({
    ...recordQuery<Customer>('customers', presetCustomer),
    enabled: !!presetCustomer && !sourceId,
  })
  const w = words[kind]
  useDocumentTitle(id && source.data?.number)
  const editing = Boolean(id)
  const pending = usePendingWrites(kind)
  const [openedAt] = useState(() => Date.now())

  // An edit starts from the server's copy when it can be had: a copy kept on this device can be
  // older, and a save from it would be refused as changed elsewhere (offline, the kept copy it is).
  if ((sourceId && !source.data) || (editing && openingStale(source, openedAt))) {
    return <RecordPending failed={source.isError} what={w.one} />
  }
  if (presetCustomer && !sourceId && customer.isPending)
    return <p role="status">{t('documents.form.loading')}</p>
  if (!seller.data && seller.isPending) return <p role="status">{t('documents.form.loading')}</p>

  const taxRate = seller.data?.default_tax_rate ?? 0
  const today = todayIso()
  const c = customer.data
  const initial: DocumentForm = source.data
    ? fromDocument(kind, source.data, !editing)
    : {
        customer: c?.id ?? '',
        currency: c?.currency ?? '',
        issue_date: today,
        end_date: addDays(
          today,
          kind === 'invoices'
            ? (c?.payment_terms_days ?? seller.data?.default_terms_days ?? 30)
            : 30,
        ),
        discount_percent: '',
        notes: '',
        terms: '',
        vat_exemption_category: 'Z',
        vat_exemption_reason: '',
        items: [emptyLine(taxRate)],
      }
  const status = source.data?.status ?? 'draft'
  // The same rule the record page uses to offer Edit (the server's lock, previewed).
  const editable =
    !source.data ||
    (kind === 'invoices'
      ? invoiceActions(source.data as Invoice).includes('edit')
      : quoteActions(source.data as Quote).includes('edit'))
  if (editing && id && !editable) {
    return (
      <>
        <PageHeader title={t('documents.form.editTitle', { number: source.data?.number ?? '' })} />
        <Alert>
          {t('documents.form.notEditable', { kind, status })}{' '}
          <PreloadLink href={w.page(id)} className="underline">
            {t('documents.form.backTo', { kind })}
          </PreloadLink>
        </Alert>
      </>
    )
  }
  const locked = editing && status !== 'draft'
  const title = editing
    ? source.data?.number
      ? t('documents.form.editTitle', { number: source.data.number })
      : t('documents.form.editDraftTitle', { kind })
    : from
      ? source.data?.number
        ? t('documents.form.copyTitle', { kind, number: source.data.number })
        : t('documents.form.copyOfDraftTitle', { kind })
      : t('documents.form.newTitle', { kind })

  return (
    <>
      <PageHeader title={title} />
      <DocumentEditor
        key={`${sourceId}-${presetCustomer}`}
        kind={kind}
        initial={initial}
        defaultTaxRate={taxRate}
        customerLocked={locked}
        draftKey={
          user ? `${user.id}:${kind}:${id ? `${id}:edit` : `new:${from}:${presetCustomer}`}` : null
        }
        submitLabel={editing ? t('documents.form.saveChanges') : t('documents.form.save', { kind })}
        onCancel={() => navigate(editing && id ? w.page(id) : w.list)}
        version={editing ? source.data?.updated : undefined}
        onSubmit={async (values, version) => {
          const recordId = id ?? newRecordId()
          const body = toBody(kind, values)
          if (locked) delete body.customer
          const label = editing
            ? source.data?.number
              ? t('documents.form.changesNumberLabel', { kind, number: source.data.number })
              : t('documents.form.changesLabel', { kind })
            : t('documents.form.newTitle', { kind })
          const r = editing
            ? await save(writes.recordUpdate, {
                collection: kind,
                id: recordId,
                body,
                label,
                base: baseFor(pending, recordId, version),
              })
            : await save(writes.recordCreate, {
                collection: kind,
                id: recordId,
                body: { ...body, currency: values.currency },
                label,
              })
          if (!r.ok) return r
          if (!r.queued)
            notify(
              'success',
              editing ? t('documents.form.saved', { kind }) : t('documents.form.created', { kind }),
            )
          navigate(w.page(recordId))
        }}
      />
    </>
  )
}

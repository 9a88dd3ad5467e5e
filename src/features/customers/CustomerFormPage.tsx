import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { RecordPending } from '@/billing/ui/RecordPending'
import { useLocation, useParams } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { paths, recordPaths } from '@/config/paths'
import { customerDocumentsQuery, recordQuery, sellerQuery } from '@/billing/queries'
import { newRecordId } from '@/billing/ids'
import { baseFor, openingStale, save, usePendingWrites } from '@/billing/save'
import type { Customer } from '@/billing/types'
import { writes } from '@/billing/writes'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { useAuthSelector } from '@/lib/auth-context'
import { useBusinessId } from '@/lib/business'
import { selectUser } from '@machines/auth/selectors'
import { CustomerForm, toFormInput } from './components/CustomerForm'
import { useDocumentTitle } from '@/components/layout/document-title'

/** /customers/new and /customers/:id/edit. */
export default function CustomerFormPage() {
  const t = useT()
  const { id } = useParams<{ id?: string }>()
  const [, navigate] = useLocation()
  const user = useAuthSelector(selectUser)
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const existing = useQuery({
    ...recordQuery<Customer>('customers', id ?? ''),
    enabled: !!id,
    // An edit asks the server for the record's current version, however fresh the copy here.
    refetchOnMount: 'always',
  })
  useDocumentTitle(existing.data && t('customers.form.editTitle', { name: existing.data.name }))
  const editing = Boolean(id)
  const pending = usePendingWrites('customers')
  const [openedAt] = useState(() => Date.now())
  const docs = useQuery({ ...customerDocumentsQuery(id ?? ''), enabled: !!id })
  const currencyLocked = Boolean(docs.data && docs.data.quotes.length + docs.data.invoices.length)

  // An edit starts from the server's copy when it can be had (see DocumentFormPage).
  if (editing && (!existing.data || openingStale(existing, openedAt))) {
    return <RecordPending failed={existing.isError} what="customer" />
  }
  const defaults = {
    currency: seller.data?.default_currency || 'EUR',
    terms: seller.data?.default_terms_days ?? 30,
  }
  const title = editing
    ? existing.data
      ? t('customers.form.editTitle', { name: existing.data.name })
      : t('customers.form.editTitleUnnamed')
    : t('customers.form.newTitle')
  return (
    <>
      <PageHeader title={title} />
      <CustomerForm
        key={existing.data?.id ?? 'new'}
        initial={toFormInput(existing.data ?? {}, defaults)}
        currencyLocked={currencyLocked}
        draftKey={user ? `${user.id}:customers:${id ?? 'new'}` : null}
        submitLabel={editing ? t('customers.form.saveChanges') : t('customers.form.add')}
        onCancel={() => navigate(editing && id ? recordPaths.customer(id) : paths.customers)}
        version={existing.data?.updated}
        onSubmit={async (values, version) => {
          const recordId = id ?? newRecordId()
          const label = editing
            ? t('customers.form.changesLabel', { name: values.name })
            : t('customers.form.newLabel', { name: values.name })
          const vars = { collection: 'customers' as const, id: recordId, body: values, label }
          const r = editing
            ? await save(writes.recordUpdate, {
                ...vars,
                base: baseFor(pending, recordId, version),
              })
            : await save(writes.recordCreate, vars)
          if (!r.ok) return r
          if (!r.queued)
            notify('success', editing ? t('customers.form.saved') : t('customers.form.added'))
          navigate(recordPaths.customer(recordId))
        }}
      />
    </>
  )
}

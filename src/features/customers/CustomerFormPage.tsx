import { useQuery } from '@tanstack/react-query'
import { RecordPending } from '@/billing/ui/RecordPending'
import { useLocation, useParams } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { paths, recordPaths } from '@/config/paths'
import { customerDocumentsQuery, recordQuery, sellerQuery } from '@/billing/queries'
import { newRecordId } from '@/billing/ids'
import { save } from '@/billing/save'
import type { Customer } from '@/billing/types'
import { writes } from '@/billing/writes'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { useAuthSelector } from '@/lib/auth-context'
import { selectUser } from '@machines/auth/selectors'
import { CustomerForm, toFormInput } from './components/CustomerForm'
import { useDocumentTitle } from '@/components/layout/document-title'

/** /customers/new and /customers/:id/edit. */
export default function CustomerFormPage() {
  const t = useT()
  const { id } = useParams<{ id?: string }>()
  const [, navigate] = useLocation()
  const user = useAuthSelector(selectUser)
  const seller = useQuery({ ...sellerQuery(user?.id ?? ''), enabled: !!user })
  const existing = useQuery({ ...recordQuery<Customer>('customers', id ?? ''), enabled: !!id })
  useDocumentTitle(existing.data && t('customers.form.editTitle', { name: existing.data.name }))
  const editing = Boolean(id)
  const docs = useQuery({ ...customerDocumentsQuery(id ?? ''), enabled: !!id })
  const currencyLocked = Boolean(docs.data && docs.data.quotes.length + docs.data.invoices.length)

  if (editing && !existing.data) {
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
        onSubmit={async (values) => {
          const recordId = id ?? newRecordId()
          const vars = {
            collection: 'customers' as const,
            id: recordId,
            body: values,
            label: editing
              ? t('customers.form.changesLabel', { name: values.name })
              : t('customers.form.newLabel', { name: values.name }),
          }
          const r = await save(editing ? writes.recordUpdate : writes.recordCreate, vars)
          if (!r.ok) return r
          if (!r.queued)
            notify('success', editing ? t('customers.form.saved') : t('customers.form.added'))
          navigate(recordPaths.customer(recordId))
        }}
      />
    </>
  )
}

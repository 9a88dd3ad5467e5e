import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useParams } from 'wouter'
import { Trash2 } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/components/layout/document-title'
import { RecordPending } from '@/billing/ui/RecordPending'
import { paths, recordPaths } from '@/config/paths'
import { recordQuery } from '@/billing/queries'
import { newRecordId } from '@/billing/ids'
import { openingStale, saveRecord, usePendingWrites } from '@/billing/save'
import { formatDate, formatMoney } from '@/billing/format'
import type { Vendor } from '@/billing/types'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { useAuthSelector } from '@/lib/auth-context'
import { useRole } from '@/lib/roles'
import { selectUser } from '@machines/auth/selectors'
import { vendorExpensesQuery } from '../data/queries'
import { VendorForm } from './components/VendorForm'
import { useVendorActions } from './components/vendor-actions'
import { toVendorInput } from './data/schema'

/** The vendor's expenses, newest first, each a link to its page. */
function VendorExpenses({ vendorId }: { vendorId: string }) {
  const t = useT()
  const q = useQuery(vendorExpensesQuery(vendorId))
  return (
    <section className="mt-10 grid max-w-3xl gap-3">
      <h2 className="text-lg font-semibold">{t('expenses.vendor.expenses')}</h2>
      {!q.data ? (
        <p role="status">{t('expenses.vendor.expensesLoading')}</p>
      ) : q.data.length === 0 ? (
        <p className="text-muted-foreground">{t('expenses.vendor.noExpenses')}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {q.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <Link href={recordPaths.expense(e.id)} className="min-w-0 underline">
                <bdi>
                  {formatDate(e.date)}
                  {e.number ? ` · ${e.number}` : ''}
                  {e.description ? ` · ${e.description}` : ''}
                </bdi>
              </Link>
              <bdi className="whitespace-nowrap tabular-nums">
                {formatMoney(e.total_cents, e.currency)}
              </bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * /vendors/new and /vendors/:id: a vendor is its form (writers change it there; the accountant
 * reads it) and the list of its expenses.
 */
export default function VendorPage() {
  const t = useT()
  const { id } = useParams<{ id?: string }>()
  const [, navigate] = useLocation()
  const user = useAuthSelector(selectUser)
  const role = useRole()
  const existing = useQuery({
    ...recordQuery<Vendor>('vendors', id ?? ''),
    enabled: !!id,
    refetchOnMount: 'always',
  })
  const vendor = existing.data
  useDocumentTitle(vendor?.name)
  const pending = usePendingWrites('vendors')
  const [openedAt] = useState(() => Date.now())
  const [deleting, setDeleting] = useState<Vendor | null>(null)
  const actions = useVendorActions()
  if (id && (!vendor || openingStale(existing, openedAt))) {
    return <RecordPending failed={existing.isError} what="vendor" />
  }
  return (
    <>
      <PageHeader
        title={vendor ? vendor.name : t('expenses.vendor.newTitle')}
        actions={
          vendor && role.can('manage') ? (
            <Button variant="outline" onClick={() => setDeleting(vendor)}>
              <Trash2 className="size-4" aria-hidden />
              {t('expenses.action.delete')}
            </Button>
          ) : null
        }
      />
      <VendorForm
        key={vendor?.id ?? 'new'}
        initial={toVendorInput(vendor ?? {})}
        readOnly={!role.can('write')}
        draftKey={user ? `${user.id}:vendors:${id ?? 'new'}` : null}
        submitLabel={vendor ? t('expenses.vendor.saveChanges') : t('expenses.vendor.add')}
        onCancel={() => navigate(paths.vendors)}
        version={vendor?.updated}
        onSubmit={async (values, version) => {
          const recordId = id ?? newRecordId()
          const r = await saveRecord({
            collection: 'vendors',
            id: recordId,
            editing: Boolean(vendor),
            body: values,
            label: t('expenses.vendor.changesLabel', { name: values.name }),
            pending,
            version,
          })
          if (!r.ok) return r
          if (!r.queued) notify('success', t('expenses.vendor.saved'))
          navigate(recordPaths.vendor(recordId))
        }}
      />
      {id ? <VendorExpenses vendorId={id} /> : null}
      {actions.deleteDialog(deleting, () => setDeleting(null))}
    </>
  )
}

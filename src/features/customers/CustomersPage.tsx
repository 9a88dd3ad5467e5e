import { useState } from 'react'
import { useLocation } from 'wouter'
import { Plus } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { countryName } from '@/billing/currencies'
import { isoDate } from '@/billing/format'
import type { Customer } from '@/billing/types'
import { useCustomerActions } from './components/customer-actions'

const columns: Column<Customer>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', cell: (c) => c.name },
  { id: 'contact', header: 'Contact', cell: (c) => c.contact_name || '—' },
  { id: 'email', header: 'Email', sortKey: 'email', cell: (c) => c.email || '—' },
  {
    id: 'city',
    header: 'City',
    sortKey: 'city',
    cell: (c) =>
      [c.city, c.country ? countryName(c.country) : ''].filter(Boolean).join(', ') || '—',
  },
  {
    id: 'currency',
    header: 'Currency',
    sortKey: 'currency',
    cell: (c) => (
      <span className="flex items-center gap-2">
        {c.currency}
        {c.archived ? <Badge tone="muted">Archived</Badge> : null}
      </span>
    ),
  },
]

export default function CustomersPage() {
  const [, navigate] = useLocation()
  const [dialog, setDialog] = useState<Customer | null>(null)
  const actions = useCustomerActions()
  return (
    <>
      <PageHeader
        title="Customers"
        description="The people and companies you quote and invoice."
        actions={
          <PreloadLink href={recordPaths.customerNew} className={buttonClass()}>
            <Plus className="size-4" aria-hidden />
            New customer
          </PreloadLink>
        }
      />
      <RecordList<Customer>
        spec={listSpecs.customers}
        basePath={paths.customers}
        noun="customers"
        columns={columns}
        rowLabel={(c) => c.name}
        rowHref={(c) => recordPaths.customer(c.id)}
        cardDetail={(c) => [c.email, c.city].filter(Boolean).join(' · ') || c.currency}
        cardAside={(c) => c.currency}
        rowActions={(c) => [
          { label: 'Open', onSelect: () => navigate(recordPaths.customer(c.id)) },
          { label: 'Edit', onSelect: () => navigate(recordPaths.customerEdit(c.id)) },
          {
            label: 'New invoice',
            onSelect: () => navigate(`${recordPaths.invoiceNew}?customer=${c.id}`),
          },
          {
            label: 'New quote',
            onSelect: () => navigate(`${recordPaths.quoteNew}?customer=${c.id}`),
          },
          c.archived
            ? { label: 'Restore', onSelect: () => void actions.setArchived(c, false) }
            : { label: 'Archive', onSelect: () => void actions.setArchived(c, true) },
          { label: 'Delete', destructive: true, onSelect: () => setDialog(c) },
        ]}
        pendingRows={(p) =>
          p.creates.map(
            (v) =>
              ({
                ...(v.body as Partial<Customer>),
                id: v.id,
                created: '',
                updated: '',
              }) as Customer,
          )
        }
        csv={{
          filename: 'customers',
          columns: [
            { header: 'Name', value: (c) => c.name },
            { header: 'Contact', value: (c) => c.contact_name },
            { header: 'Email', value: (c) => c.email },
            { header: 'Phone', value: (c) => c.phone },
            { header: 'Website', value: (c) => c.website },
            { header: 'Tax ID', value: (c) => c.tax_id },
            { header: 'Address', value: (c) => c.address },
            { header: 'City', value: (c) => c.city },
            { header: 'Postal code', value: (c) => c.postal_code },
            { header: 'Country', value: (c) => c.country },
            { header: 'Currency', value: (c) => c.currency },
            { header: 'Payment terms (days)', value: (c) => c.payment_terms_days },
            { header: 'Archived', value: (c) => (c.archived ? 'yes' : 'no') },
            { header: 'Added', value: (c) => isoDate(c.created) },
          ],
        }}
        empty={
          <EmptyState
            title="No customers found"
            action={
              <PreloadLink href={recordPaths.customerNew} className={buttonClass()}>
                Add your first customer
              </PreloadLink>
            }
          >
            Customers you add appear here. If you searched or filtered, try clearing it.
          </EmptyState>
        }
      />
      {actions.deleteDialog(dialog, () => setDialog(null))}
    </>
  )
}

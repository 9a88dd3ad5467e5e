import { PageHeader } from '@/components/layout/PageHeader'
import { EmptyState } from '@/components/ui/card'

export default function CustomersPage() {
  return (
    <>
      <PageHeader
        title="Customers"
        description="The people and companies you work for, with their documents and what they owe."
      />
      <EmptyState title="No customers yet">
        Customers you add appear here, with their contact details, currency and outstanding balance.
      </EmptyState>
    </>
  )
}

import { PageHeader } from '@/components/layout/PageHeader'
import { EmptyState } from '@/components/ui/card'

export default function InvoicesPage() {
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Everything you have billed, with what is paid, due and overdue."
      />
      <EmptyState title="No invoices yet">
        Invoices you create, or convert from accepted quotes, appear here with their status and
        balance.
      </EmptyState>
    </>
  )
}

import { PageHeader } from '@/components/layout/PageHeader'
import { EmptyState } from '@/components/ui/card'

export default function PaymentsPage() {
  return (
    <>
      <PageHeader title="Payments" description="Money received against your invoices." />
      <EmptyState title="No payments yet">
        Payments you record on invoices appear here, newest first.
      </EmptyState>
    </>
  )
}

import { PageHeader } from '@/components/layout/PageHeader'
import { EmptyState } from '@/components/ui/card'

export default function QuotesPage() {
  return (
    <>
      <PageHeader
        title="Quotes"
        description="Proposals you send before the work, ready to convert into invoices."
      />
      <EmptyState title="No quotes yet">
        Quotes you create appear here with their status: draft, sent, accepted or rejected.
      </EmptyState>
    </>
  )
}

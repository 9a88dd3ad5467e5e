import { PageHeader } from '@/components/layout/PageHeader'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { useAuthSelector } from '@/lib/auth-context'
import { selectUser } from '@machines/auth/selectors'

export default function DashboardPage() {
  const user = useAuthSelector(selectUser)
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome${user?.name ? `, ${user.name}` : ''}. Here is how your business is doing.`}
      />
      <EmptyState
        title="Nothing to report yet"
        action={
          <PreloadLink href="/customers" className={buttonClass()}>
            Add your first customer
          </PreloadLink>
        }
      >
        Invoiced, collected, outstanding and overdue amounts appear here once you have customers and
        invoices.
      </EmptyState>
    </>
  )
}

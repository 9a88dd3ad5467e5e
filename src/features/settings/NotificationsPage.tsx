import { EmptyState } from '@/components/ui/card'

export default function NotificationsPage() {
  return (
    <EmptyState title="No notifications to set up yet">
      Reminders about invoices that become overdue will be configured here once you have invoices.
    </EmptyState>
  )
}

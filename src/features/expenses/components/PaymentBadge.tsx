import { Badge } from '@/components/ui/badge'
import type { Expense } from '@/billing/types'
import { useT } from '@/lib/i18n'

/** Paid or unpaid, as a badge. */
export function PaymentBadge({ state }: { state: Expense['payment_state'] }) {
  const t = useT()
  return (
    <Badge tone={state === 'paid' ? 'success' : 'warning'}>{t(`expenses.state.${state}`)}</Badge>
  )
}

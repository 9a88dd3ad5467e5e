import { Badge, type BadgeTone } from '@/components/ui/badge'
import {
  invoiceDisplayStatus,
  quoteDisplayStatus,
  statusLabels,
  type InvoiceDisplayStatus,
  type QuoteDisplayStatus,
} from '@/billing/status'
import type { Invoice, Quote } from '@/billing/types'

const tones: Record<InvoiceDisplayStatus | QuoteDisplayStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  viewed: 'info',
  accepted: 'success',
  rejected: 'danger',
  converted: 'success',
  partial: 'warning',
  paid: 'success',
  void: 'muted',
  overdue: 'danger',
  expired: 'warning',
}

export function InvoiceStatusBadge({
  invoice,
}: {
  invoice: Pick<Invoice, 'status' | 'balance_cents' | 'due_date'>
}) {
  const s = invoiceDisplayStatus(invoice)
  return <Badge tone={tones[s]}>{statusLabels[s]}</Badge>
}

export function QuoteStatusBadge({ quote }: { quote: Pick<Quote, 'status' | 'expiry_date'> }) {
  const s = quoteDisplayStatus(quote)
  return <Badge tone={tones[s]}>{statusLabels[s]}</Badge>
}

export function PendingBadge() {
  return <Badge tone="warning">Waiting to send</Badge>
}

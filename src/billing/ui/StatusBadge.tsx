import { Badge, type BadgeTone } from '@/components/ui/badge'
import {
  invoiceDisplayStatus,
  quoteDisplayStatus,
  statusLabel,
  type InvoiceDisplayStatus,
  type QuoteDisplayStatus,
} from '@/billing/status'
import type { Invoice, Quote } from '@/billing/types'
import { useT } from '@/lib/i18n'

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
  const t = useT()
  const s = invoiceDisplayStatus(invoice)
  return <Badge tone={tones[s]}>{statusLabel(s, t)}</Badge>
}

export function QuoteStatusBadge({ quote }: { quote: Pick<Quote, 'status' | 'expiry_date'> }) {
  const t = useT()
  const s = quoteDisplayStatus(quote)
  return <Badge tone={tones[s]}>{statusLabel(s, t)}</Badge>
}

export function PendingBadge() {
  const t = useT()
  return <Badge tone="warning">{t('billing.pendingBadge')}</Badge>
}

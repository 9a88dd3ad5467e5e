import type { MessageKey } from '@/lib/i18n'
import type { Invoice } from './types'
import { daysOverdue, isOutstanding } from './status'
import { isoDate, todayIso } from './format'

export interface AgingBuckets {
  not_due: number
  d1_30: number
  d31_60: number
  d61_90: number
  d90_plus: number
}

/** What each bucket is called on screen. */
export const AGING_LABELS = {
  not_due: 'billing.aging.not_due',
  d1_30: 'billing.aging.d1_30',
  d31_60: 'billing.aging.d31_60',
  d61_90: 'billing.aging.d61_90',
  d90_plus: 'billing.aging.d90_plus',
} as const satisfies Record<keyof AgingBuckets, MessageKey>

/** Open balances by how late they are: the same buckets as the dashboard route. */
export function aging(invoices: readonly Invoice[], today = todayIso()): AgingBuckets {
  const b: AgingBuckets = { not_due: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 }
  for (const i of invoices) {
    if (!isOutstanding(i)) continue
    const late = isoDate(i.due_date) < today ? daysOverdue(i, today) : 0
    const key: keyof AgingBuckets =
      late <= 0
        ? 'not_due'
        : late <= 30
          ? 'd1_30'
          : late <= 60
            ? 'd31_60'
            : late <= 90
              ? 'd61_90'
              : 'd90_plus'
    b[key] += i.balance_cents
  }
  return b
}

import type { ZERO_RATE_CATEGORIES } from '@/billing/einvoice/schemes'
import type { MessageKey } from '@/lib/i18n'

export type ZeroRateCategory = (typeof ZERO_RATE_CATEGORIES)[number]['code']

/** The VAT categories a 0 % line can have, as the interface says them. */
export const VAT_CATEGORY_LABELS = {
  Z: 'documents.vatCategory.Z',
  E: 'documents.vatCategory.E',
  AE: 'documents.vatCategory.AE',
  K: 'documents.vatCategory.K',
  G: 'documents.vatCategory.G',
  O: 'documents.vatCategory.O',
} as const satisfies Record<ZeroRateCategory, MessageKey>

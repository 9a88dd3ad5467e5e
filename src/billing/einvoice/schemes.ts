import type { MessageKey } from '@/lib/i18n'

/**
 * Electronic address schemes (EAS code list) Folio offers: how a buyer or seller is reached.
 * `label` is a message (shown as t(label)).
 */
export const ADDRESS_SCHEMES: ReadonlyArray<{ code: string; label: MessageKey }> = [
  { code: 'EM', label: 'billing.scheme.EM' },
  { code: '0204', label: 'billing.scheme.0204' },
  { code: '9930', label: 'billing.scheme.9930' },
  { code: '9957', label: 'billing.scheme.9957' },
  { code: '0009', label: 'billing.scheme.0009' },
  { code: '0002', label: 'billing.scheme.0002' },
  { code: '9925', label: 'billing.scheme.9925' },
  { code: '0208', label: 'billing.scheme.0208' },
  { code: '0106', label: 'billing.scheme.0106' },
  { code: '0007', label: 'billing.scheme.0007' },
  { code: '0192', label: 'billing.scheme.0192' },
  { code: '0088', label: 'billing.scheme.0088' },
  { code: '0060', label: 'billing.scheme.0060' },
]

/**
 * VAT categories for a document's 0 % lines, in the order offered. What each means is said by
 * the editor (documents.vatCategory.*).
 */
export const ZERO_RATE_CATEGORIES = [
  { code: 'Z' },
  { code: 'E' },
  { code: 'AE' },
  { code: 'K' },
  { code: 'G' },
  { code: 'O' },
] as const

/** A VAT ID as the standards want it: country prefix, no spaces. */
export const normalizeVatId = (s: string) => s.replace(/[\s.-]/g, '').toUpperCase()
export const isVatId = (s: string) => /^[A-Z]{2}[0-9A-Z+*.]{2,12}$/.test(normalizeVatId(s))

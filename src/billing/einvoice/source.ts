/** UN/ECE Recommendation 20 unit codes offered in the editor (others may be stored). */
export const UNIT_CODES = {
  C62: 'one (unit)',
  H87: 'piece',
  HUR: 'hour',
  DAY: 'day',
  WEE: 'week',
  MON: 'month',
  ANN: 'year',
  MIN: 'minute',
  KGM: 'kilogram',
  MTR: 'metre',
  MTK: 'square metre',
  LTR: 'litre',
  KMT: 'kilometre',
  SET: 'set',
  LS: 'lump sum',
} as const

/** VAT categories of EN 16931 (UNCL 5305) Folio offers. */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O'

/**
 * Everything an EN 16931 invoice needs, read from the server's stored record (its number, its
 * totals, its tax breakdown: never recomputed), the business settings and the customer. The
 * generators (CII for Factur-X, UBL for XRechnung and Peppol BIS) take only this.
 */
export interface EInvoiceSource {
  /**
   * 380 commercial invoice; 381 credit note (then `preceding_invoice` says what it corrects);
   * 386 prepayment invoice (a deposit: Peppol and Factur-X); XRechnung has no 386 (BR-DE-17), so
   * there a deposit is a 380 whose note says it is one.
   */
  type_code: '380' | '381' | '386'
  number: string
  /** YYYY-MM-DD */
  issue_date: string
  /** "" when none (a credit note has none). */
  due_date: string
  /** A credit note's invoice: its number (BT-25) and issue date, YYYY-MM-DD (BT-26). */
  preceding_invoice?: { number: string; issue_date: string }
  /**
   * A final invoice's deposits (BG-3 each, BT-25/26), with what each brought in per rate; the
   * total deducted is `deducted_cents` (gross), paid before like a payment (BT-113).
   */
  deposits?: Array<{
    number: string
    issue_date: string
    rows: Array<{ rate: number; net_cents: number; tax_cents: number }>
  }>
  deducted_cents?: number
  currency: string
  /** Free text notes (BT-22), and the payment terms text (BT-20). */
  notes: string
  terms: string
  /** The buyer reference (BT-10): the Leitweg-ID for German public buyers; else the number. */
  buyer_reference: string
  seller: {
    name: string
    /** Street lines (the business address textarea, without city/postcode lines). */
    street: string
    city: string
    postal_code: string
    /** ISO 3166-1 alpha-2 */
    country: string
    vat_id: string
    /** Tax registration (BT-32), e.g. a German Steuernummer; "" when none. */
    tax_registration: string
    /** Electronic address (BT-34) and its EAS scheme (e.g. "EM" for email, "9930" DE VAT). */
    endpoint_id: string
    endpoint_scheme: string
    contact_name: string
    contact_phone: string
    contact_email: string
  }
  buyer: {
    name: string
    street: string
    city: string
    postal_code: string
    country: string
    vat_id: string
    endpoint_id: string
    endpoint_scheme: string
  }
  /** Payment means 58 (SEPA credit transfer) when an IBAN is set; null otherwise (then 1, not defined). */
  payment: { iban: string; bic: string; holder: string } | null
  lines: Array<{
    id: string
    description: string
    quantity: number
    unit_code: string
    unit_price_cents: number
    /** The line's discount as stored (percent) and its net as the server computed it. */
    discount_percent: number
    net_cents: number
    tax_rate: number
    vat_category: VatCategory
  }>
  /** The document discount (percent) and amount as the server computed them. */
  discount_percent: number
  discount_cents: number
  subtotal_cents: number
  tax_cents: number
  total_cents: number
  paid_cents: number
  balance_cents: number
  /** One row per (category, rate), from the server's breakdown. */
  tax_breakdown: Array<{
    category: VatCategory
    rate: number
    net_cents: number
    tax_cents: number
    /** Required for E, AE, K, G, O. */
    exemption_reason: string
  }>
}

// The shared printed-document cases (tests/vectors/printable.json): stored records in, the
// printable document out. The server's printable_vectors_test.go reads the same file.
import { readFileSync } from 'node:fs'
import { creditNotePrintable, toPrintable, type PrintableDocument } from '@/billing/printable'
import type { SellerSettings } from '@/billing/queries'
import type { CreditNote, Customer, Invoice, Quote } from '@/billing/types'

export interface PrintableVector {
  name: string
  kind: 'quotes' | 'invoices' | 'credit_notes'
  /** false: the server prints no such document (credit notes are drawn on the owner's side). */
  server?: boolean
  credits_invoice?: string
  logo_url?: string
  document: Record<string, unknown>
  business: Record<string, unknown>
  customer: Record<string, unknown>
  printable: PrintableDocument
  /** The blocks sheetOf makes of it, in order, and the totals rows as printed (paper). */
  sheet: { screen: string[]; paper: string[]; totals: Array<[string, string]> }
}

export const printableVectors = JSON.parse(
  readFileSync('tests/vectors/printable.json', 'utf8'),
) as { today: string; cases: PrintableVector[] }

/** The printable document the web app makes of a case's records. */
export function printableOf(c: PrintableVector): PrintableDocument {
  const customer = c.customer as unknown as Customer
  const seller = c.business as unknown as SellerSettings
  if (c.kind === 'credit_notes')
    return creditNotePrintable(
      c.document as unknown as CreditNote,
      c.credits_invoice ?? '',
      customer,
      seller,
    )
  return toPrintable({
    kind: c.kind,
    doc: c.document as unknown as Quote | Invoice,
    customer,
    seller,
    logoUrl: c.logo_url ?? '',
    today: printableVectors.today,
  })
}

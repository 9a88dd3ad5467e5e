import { useFileToken } from '@/lib/pocketbase/file-token'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { recordQuery, type SellerSettings } from '@/billing/queries'
import { ownerPrintable } from '@/billing/printable'
import type { Customer, DocumentKind, Invoice, Quote } from '@/billing/types'
import { richText, useT } from '@/lib/i18n'
import { PrintableSheet } from './PrintableSheet'

/** The owner's quote or invoice drawn as the customer sees it (the print sheet). */
export function DocumentSheet({
  kind,
  doc,
  seller,
}: {
  kind: DocumentKind
  doc: Quote | Invoice
  seller: SellerSettings | undefined
}) {
  const t = useT()
  const fetched = useQuery({
    ...recordQuery<Customer>('customers', doc.customer),
    enabled: !doc.expand?.customer && !!doc.customer,
  })
  const customer = doc.expand?.customer ?? fetched.data
  const fileToken = useFileToken(seller?.id)
  const printable = ownerPrintable(kind, doc, customer, seller, fileToken)
  const invoice = kind === 'invoices' ? (doc as Invoice) : null
  let footer: ReactNode = null
  if (invoice?.status === 'void' && invoice.void_reason)
    footer = (
      <p className="mt-6 text-neutral-700">
        {richText(t, 'documents.sheet.voided', { reason: <bdi>{invoice.void_reason}</bdi> })}
      </p>
    )
  return <PrintableSheet doc={printable}>{footer}</PrintableSheet>
}

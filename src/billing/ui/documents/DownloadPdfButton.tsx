import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { notify } from '@/lib/toast'
import type { SellerSettings } from '@/billing/queries'
import { ownerPrintable } from '@/billing/printable'
import type { Customer, DocumentKind, Invoice, Quote } from '@/billing/types'

/** The document's PDF, made on this device (offline too: the PDF module is precached). */
export function DownloadPdfButton({
  kind,
  doc,
  customer,
  seller,
}: {
  kind: DocumentKind
  doc: Quote | Invoice
  customer: Customer | undefined
  seller: SellerSettings | undefined
}) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="outline"
      busy={busy}
      onClick={async () => {
        setBusy(true)
        try {
          const { makeDocumentPdf, saveFile } = await import('@/billing/document-pdf')
          const printable = ownerPrintable(kind, doc, customer, seller)
          const { blob, fileName } = await makeDocumentPdf(printable)
          saveFile(blob, fileName)
        } catch {
          notify('error', 'The PDF could not be made. Try again.')
        } finally {
          setBusy(false)
        }
      }}
    >
      Download PDF
    </Button>
  )
}

import { logoToken } from '@/lib/pocketbase/file-token'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { notify } from '@/lib/toast'
import { useT } from '@/lib/i18n'
import type { SellerSettings } from '@/billing/queries'
import { ownerPrintable, type PrintableDocument } from '@/billing/printable'
import type { EInvoiceSource } from '@/billing/einvoice/source'
import { ownerEInvoice } from '@/billing/einvoice/from-records'
import { unitCodeFor } from '@/billing/einvoice/units'
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
  return (
    <PdfButton
      source={async () => ({
        printable: ownerPrintable(kind, doc, customer, seller, await logoToken()),
        einvoice: ownerEInvoice(kind, doc, customer, seller, unitCodeFor),
      })}
    />
  )
}

/**
 * Download PDF for any printed document: `source` gives what is printed and, with e-invoicing
 * on, the e-invoice that makes it a Factur-X PDF (or the notice of what is missing for one).
 */
export function PdfButton({
  source,
}: {
  source: () => Promise<{ printable: PrintableDocument; einvoice?: EInvoiceSource }>
}) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="outline"
      busy={busy}
      onClick={async () => {
        setBusy(true)
        try {
          const { makeDocumentPdf, saveFile } = await import('@/billing/document-pdf')
          const { printable, einvoice } = await source()
          const { blob, fileName, missing } = await makeDocumentPdf(printable, 'a4', einvoice)
          saveFile(blob, fileName)
          if (missing.length)
            notify(
              'info',
              t('documents.pdf.notEInvoice'),
              t('documents.firstFillIn', { missing: missing.join(' ') }),
            )
        } catch {
          notify('error', t('documents.pdf.failed'))
        } finally {
          setBusy(false)
        }
      }}
    >
      {t('documents.pdf.download')}
    </Button>
  )
}

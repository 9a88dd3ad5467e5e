import { logoToken } from '@/lib/pocketbase/file-token'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { notify } from '@/lib/toast'
import { useT } from '@/lib/i18n'
import type { SellerSettings } from '@/billing/queries'
import { ownerPrintable } from '@/billing/printable'
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
          const printable = ownerPrintable(kind, doc, customer, seller, await logoToken())
          const einvoice = ownerEInvoice(kind, doc, customer, seller, unitCodeFor)
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

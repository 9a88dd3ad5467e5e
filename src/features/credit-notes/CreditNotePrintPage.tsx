import { useQuery } from '@tanstack/react-query'
import { useParams } from 'wouter'
import { Printer } from 'lucide-react'
import { Button, buttonClass } from '@/components/ui/button'
import { PreloadLink } from '@/components/ui/preload-link'
import { RecordPending } from '@/billing/ui/RecordPending'
import { PrintableSheet } from '@/billing/ui/documents/PrintableSheet'
import { recordQuery, sellerQuery } from '@/billing/queries'
import { creditNotePrintable } from '@/billing/printable'
import type { CreditNote } from '@/billing/types'
import { recordPaths } from '@/config/paths'
import { useBusinessId } from '@/lib/business'
import { useDocumentTitle } from '@/components/layout/document-title'
import { useT } from '@/lib/i18n'

/** /credit-notes/:id/print: the credit note alone, for the browser's print dialog. */
export default function CreditNotePrintPage() {
  const t = useT()
  const { id } = useParams<{ id: string }>()
  const cn = useQuery(recordQuery<CreditNote>('credit_notes', id))
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  useDocumentTitle(cn.data?.number)
  if (!cn.data) return <RecordPending failed={cn.isError} what="document" />
  const doc = creditNotePrintable(
    cn.data,
    cn.data.expand?.invoice?.number ?? '',
    cn.data.expand?.customer,
    seller.data,
  )
  return (
    <div className="paper-a4 mx-auto grid max-w-[210mm] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <PreloadLink href={recordPaths.creditNote(id)} className={buttonClass('outline')}>
          {t('documents.print.back')}
        </PreloadLink>
        <Button onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          {t('documents.print.print')}
        </Button>
      </div>
      <PrintableSheet doc={doc} />
    </div>
  )
}

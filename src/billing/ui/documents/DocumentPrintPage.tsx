import { useEffect, useState } from 'react'
import { RecordPending } from '../RecordPending'
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'wouter'
import { Printer } from 'lucide-react'
import { Button, buttonClass } from '@/components/ui/button'
import { PreloadLink } from '@/components/ui/preload-link'
import { cn } from '@/components/ui/cn'
import { recordPaths } from '@/config/paths'
import { recordQuery, sellerQuery } from '@/billing/queries'
import type { DocumentKind, Invoice, Quote } from '@/billing/types'
import { useBusinessId } from '@/lib/business'
import { useT } from '@/lib/i18n'
import { DocumentSheet } from './DocumentSheet'
import { useDocumentTitle } from '@/components/layout/document-title'

type Paper = 'a4' | 'letter'
const PAPER_KEY = 'folio.paper'

/** Letter in the Americas' usual locales, A4 elsewhere; the user's choice is remembered. */
function defaultPaper(): Paper {
  try {
    const saved = localStorage.getItem(PAPER_KEY)
    if (saved === 'a4' || saved === 'letter') return saved
  } catch {
    // storage unavailable: fall through
  }
  return /-(US|CA|MX|PH|CL|CO|VE)$/i.test(navigator.language) ? 'letter' : 'a4'
}

/**
 * /quotes/:id/print and /invoices/:id/print: the document alone, ready for the browser's print
 * dialog (or "Save as PDF"). It reads the cached record, so it works offline.
 */
export function DocumentPrintPage({ kind }: { kind: DocumentKind }) {
  const t = useT()
  const { id } = useParams<{ id: string }>()
  const doc = useQuery(recordQuery<Quote | Invoice>(kind, id))
  useDocumentTitle(doc.data?.number)
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const [paper, setPaper] = useState<Paper>(defaultPaper)
  useEffect(() => {
    try {
      localStorage.setItem(PAPER_KEY, paper)
    } catch {
      // not remembered: fine
    }
  }, [paper])
  useEffect(() => {
    const number = doc.data?.number
    if (number) document.title = `${number} · Folio`
  }, [doc.data?.number])

  if (!doc.data) {
    return <RecordPending failed={doc.isError} what="document" />
  }
  const back = kind === 'invoices' ? recordPaths.invoice(id) : recordPaths.quote(id)
  return (
    <div className={cn('mx-auto grid max-w-[210mm] gap-4', `paper-${paper}`)}>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <PreloadLink href={back} className={buttonClass('outline')}>
          {t('documents.print.back')}
        </PreloadLink>
        <fieldset className="flex items-center gap-3 text-sm">
          <legend className="sr-only">{t('documents.print.paperSize')}</legend>
          {(['a4', 'letter'] as const).map((p) => (
            <label key={p} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="paper"
                value={p}
                checked={paper === p}
                onChange={() => setPaper(p)}
              />
              {p === 'a4' ? t('documents.print.a4') : t('documents.print.letter')}
            </label>
          ))}
        </fieldset>
        <Button onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          {t('documents.print.print')}
        </Button>
      </div>
      <DocumentSheet kind={kind} doc={doc.data} seller={seller.data} />
    </div>
  )
}

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import type { EInvoiceSource } from '@/billing/einvoice/source'
import type { SellerSettings } from '@/billing/queries'
import { useT } from '@/lib/i18n'

/**
 * The invoice or credit note as an e-invoice, when the business sends them: Download PDF (and
 * Send, for an invoice) give the Factur-X PDF; XRechnung (German public buyers) and Peppol BIS
 * XML download from here. `src` is undefined until the server has numbered the document.
 */
export function EInvoiceCard({
  src,
  seller,
  creditNote = false,
}: {
  src: EInvoiceSource | undefined
  seller: SellerSettings | undefined
  creditNote?: boolean
}) {
  const t = useT()
  const [missing, setMissing] = useState<string[]>([])
  const [busy, setBusy] = useState<'xrechnung' | 'peppol' | null>(null)
  if (!(seller as { einvoicing?: boolean } | undefined)?.einvoicing) return null

  async function download(format: 'xrechnung' | 'peppol') {
    if (!src) return
    setBusy(format)
    try {
      const { makeEInvoiceXml, saveFile } = await import('@/billing/document-pdf')
      const made = await makeEInvoiceXml(src, format)
      if ('missing' in made) setMissing(made.missing)
      else {
        setMissing([])
        saveFile(made.blob, made.fileName)
      }
    } finally {
      setBusy(null)
    }
  }

  return (
    <Card className="grid content-start gap-3 p-4">
      <h2 className="font-semibold">{t('documents.einvoice.title')}</h2>
      {!src ? (
        <p className="text-sm text-muted-foreground">
          {t(
            creditNote ? 'documents.einvoice.creditNoteNotSynced' : 'documents.einvoice.notSynced',
          )}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t(creditNote ? 'documents.einvoice.creditNoteHint' : 'documents.einvoice.hint')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              busy={busy === 'xrechnung'}
              onClick={() => void download('xrechnung')}
            >
              {t('documents.einvoice.xrechnung')}
            </Button>
            <Button
              variant="outline"
              busy={busy === 'peppol'}
              onClick={() => void download('peppol')}
            >
              {t('documents.einvoice.peppol')}
            </Button>
          </div>
          {missing.length ? (
            <Alert>
              {t('documents.firstFillIn', { missing: missing.join(' ') })}{' '}
              <PreloadLink href="/settings/e-invoicing" className="underline underline-offset-4">
                {t('documents.einvoice.businessSettings')}
              </PreloadLink>
            </Alert>
          ) : null}
        </>
      )}
    </Card>
  )
}

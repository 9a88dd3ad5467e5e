import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { ownerEInvoice } from '@/billing/einvoice/from-records'
import { unitCodeFor } from '@/billing/einvoice/units'
import type { SellerSettings } from '@/billing/queries'
import type { Customer, Invoice } from '@/billing/types'

/**
 * The invoice as an e-invoice, when the business sends them: Download PDF and Send give the
 * Factur-X PDF; XRechnung (German public buyers) and Peppol BIS XML download from here.
 */
export function EInvoiceCard({
  invoice,
  customer,
  seller,
}: {
  invoice: Invoice
  customer: Customer | undefined
  seller: SellerSettings | undefined
}) {
  const [missing, setMissing] = useState<string[]>([])
  const [busy, setBusy] = useState<'xrechnung' | 'peppol' | null>(null)
  if (!(seller as { einvoicing?: boolean } | undefined)?.einvoicing) return null
  const pending = (invoice as Invoice & { pending?: boolean }).pending
  const src = pending
    ? undefined
    : ownerEInvoice('invoices', invoice, customer, seller, unitCodeFor)

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
      <h2 className="font-semibold">E-invoice</h2>
      {!src ? (
        <p className="text-sm text-muted-foreground">
          An e-invoice carries the number the server gives the invoice: connect, and it can be made
          once this invoice is synced.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Download PDF and Send give the Factur-X PDF (EN 16931), with its XML inside.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              busy={busy === 'xrechnung'}
              onClick={() => void download('xrechnung')}
            >
              XRechnung XML
            </Button>
            <Button
              variant="outline"
              busy={busy === 'peppol'}
              onClick={() => void download('peppol')}
            >
              Peppol XML
            </Button>
          </div>
          {missing.length ? (
            <Alert>
              First fill in: {missing.join(' ')}{' '}
              <PreloadLink href="/settings/account" className="underline underline-offset-4">
                Business settings
              </PreloadLink>
            </Alert>
          ) : null}
        </>
      )}
    </Card>
  )
}

import { useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { MoreHorizontal } from 'lucide-react'
import { Button, buttonClass } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm'
import { Menu } from '@/components/ui/menu'
import { PreloadLink } from '@/components/ui/preload-link'
import { useOnline } from '@/lib/use-online'
import { paths, recordPaths } from '@/config/paths'
import type { SellerSettings } from '@/billing/queries'
import type { Customer, DocumentKind, Invoice, Quote } from '@/billing/types'
import { changeStatus, deleteDocument } from './doc-actions'
import { DownloadPdfButton } from './DownloadPdfButton'
import { SendDialog } from './SendDialog'

interface MenuItem {
  label: string
  destructive?: boolean
  onSelect: () => void
}

/**
 * The actions quotes and invoices share, in one order: the kind's own actions first, then Send
 * (through its dialog), Mark as sent, Edit, Print, Download PDF, and a menu with Duplicate, the
 * kind's menu items and Delete (confirmed).
 */
export function DocumentActions({
  kind,
  doc,
  customer,
  seller,
  can,
  children,
  menu = [],
}: {
  kind: DocumentKind
  doc: Quote | Invoice
  customer: Customer | undefined
  seller: SellerSettings | undefined
  can: (action: 'send' | 'markSent' | 'edit' | 'delete') => boolean
  /** The kind's own actions (Record payment; Accept, Reject, Convert…), shown first. */
  children?: ReactNode
  menu?: MenuItem[]
}) {
  const [, navigate] = useLocation()
  const online = useOnline()
  const [dialog, setDialog] = useState<'send' | 'delete' | null>(null)
  const invoice = kind === 'invoices'
  const one = invoice ? 'invoice' : 'quote'
  const draft = doc.status === 'draft'
  return (
    <div className="flex flex-wrap items-center gap-2">
      {children}
      {can('send') ? (
        <Button
          variant={draft ? 'primary' : 'outline'}
          disabled={!online}
          title={online ? undefined : 'Sending needs a connection'}
          onClick={() => setDialog('send')}
        >
          {draft ? 'Send' : 'Send again'}
        </Button>
      ) : null}
      {can('markSent') ? (
        <Button
          variant="outline"
          onClick={() => void changeStatus(kind, doc, { status: 'sent' }, 'Marked as sent')}
        >
          Mark as sent
        </Button>
      ) : null}
      {can('edit') ? (
        <PreloadLink
          href={invoice ? recordPaths.invoiceEdit(doc.id) : recordPaths.quoteEdit(doc.id)}
          className={buttonClass('outline')}
        >
          Edit
        </PreloadLink>
      ) : null}
      <PreloadLink
        href={invoice ? recordPaths.invoicePrint(doc.id) : recordPaths.quotePrint(doc.id)}
        className={buttonClass('outline')}
      >
        Print
      </PreloadLink>
      <DownloadPdfButton kind={kind} doc={doc} customer={customer} seller={seller} />
      <Menu
        label="More actions"
        trigger={<MoreHorizontal className="size-4" aria-hidden />}
        items={[
          {
            label: 'Duplicate',
            onSelect: () =>
              navigate(`${invoice ? recordPaths.invoiceNew : recordPaths.quoteNew}?from=${doc.id}`),
          },
          ...menu,
          ...(can('delete')
            ? [{ label: 'Delete', destructive: true, onSelect: () => setDialog('delete') }]
            : []),
        ]}
      />
      {dialog === 'send' ? (
        <SendDialog
          open
          onOpenChange={(o) => (o ? undefined : setDialog(null))}
          kind={kind}
          doc={doc}
          customer={customer}
          seller={seller}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => (o ? undefined : setDialog(null))}
        title={`Delete this ${draft && invoice ? 'draft ' : ''}${one}?`}
        description="It is removed for good."
        confirmLabel={`Delete ${one}`}
        destructive
        onConfirm={async () => {
          const message = await deleteDocument(kind, doc)
          if (message) return message
          navigate(invoice ? paths.invoices : paths.quotes)
        }}
      />
    </div>
  )
}

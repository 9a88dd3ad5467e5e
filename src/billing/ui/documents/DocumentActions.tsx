import { useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { MoreHorizontal } from 'lucide-react'
import { Button, buttonClass } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm'
import { Menu } from '@/components/ui/menu'
import { PreloadLink } from '@/components/ui/preload-link'
import { useOnline } from '@/lib/use-online'
import { useT } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { paths, recordPaths } from '@/config/paths'
import type { SellerSettings } from '@/billing/queries'
import type { Customer, DocumentKind, Invoice, Quote } from '@/billing/types'
import { changeStatus, deleteDocument } from './doc-actions'
import { DownloadPdfButton } from './DownloadPdfButton'
import { DepositDialog } from './DepositDialog'
import { SendDialog } from './SendDialog'

/**
 * Whether a deposit may be asked of a document (the server decides the same): a quote the
 * customer has (sent, viewed, accepted), or a numbered draft invoice that is no deposit itself.
 */
function depositable(kind: DocumentKind, doc: Quote | Invoice): boolean {
  if (kind === 'quotes') return ['sent', 'viewed', 'accepted'].includes(doc.status)
  return doc.status === 'draft' && !!doc.number && (doc as Invoice).kind !== 'deposit'
}

interface MenuItem {
  label: string
  destructive?: boolean
  onSelect: () => void
}

/**
 * The actions quotes and invoices share, in one order: the kind's own actions first, then Send
 * (through its dialog), Mark as sent, Edit; at the end of the bar, in the same place in every
 * state, Print, Download PDF, and a menu with Duplicate, the kind's menu items and Delete
 * (confirmed).
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
  const t = useT()
  const [, navigate] = useLocation()
  const online = useOnline()
  const writer = useRole().can('write')
  const [dialog, setDialog] = useState<'send' | 'delete' | 'deposit' | null>(null)
  const invoice = kind === 'invoices'
  const draft = doc.status === 'draft'
  return (
    // Its own row under the title at every width, wrapping: the buttons keep their place.
    <div className="flex basis-full flex-wrap items-center gap-2">
      {writer ? children : null}
      {writer && can('send') ? (
        <Button
          variant={draft ? 'primary' : 'outline'}
          disabled={!online}
          title={online ? undefined : t('documents.actions.sendOffline')}
          onClick={() => setDialog('send')}
        >
          {draft ? t('documents.actions.send') : t('documents.actions.sendAgain')}
        </Button>
      ) : null}
      {writer && depositable(kind, doc) ? (
        <Button
          variant="outline"
          disabled={!online}
          title={online ? undefined : t('documents.deposit.offline')}
          onClick={() => setDialog('deposit')}
        >
          {t('documents.deposit.action')}
        </Button>
      ) : null}
      {writer && can('markSent') ? (
        <Button
          variant="outline"
          onClick={() => void changeStatus(kind, doc, { status: 'sent' }, 'markedSent')}
        >
          {t('documents.actions.markSent')}
        </Button>
      ) : null}
      {writer && can('edit') ? (
        <PreloadLink
          href={invoice ? recordPaths.invoiceEdit(doc.id) : recordPaths.quoteEdit(doc.id)}
          className={buttonClass('outline')}
        >
          {t('documents.actions.edit')}
        </PreloadLink>
      ) : null}
      {/* The tools every state has keep one place, at the end of the bar: the state's own
          actions come and go before them without moving them. */}
      <div className="ms-auto flex flex-wrap items-center gap-2" data-testid="document-tools">
        <PreloadLink
          href={invoice ? recordPaths.invoicePrint(doc.id) : recordPaths.quotePrint(doc.id)}
          className={buttonClass('outline')}
        >
          {t('documents.actions.print')}
        </PreloadLink>
        <DownloadPdfButton kind={kind} doc={doc} customer={customer} seller={seller} />
        <Menu
          label={t('documents.actions.more')}
          trigger={<MoreHorizontal className="size-4" aria-hidden />}
          items={[
            ...(writer
              ? [
                  {
                    label: t('documents.actions.duplicate'),
                    onSelect: () =>
                      navigate(
                        `${invoice ? recordPaths.invoiceNew : recordPaths.quoteNew}?from=${doc.id}`,
                      ),
                  },
                ]
              : []),
            ...menu,
            ...(can('delete')
              ? [
                  {
                    label: t('documents.actions.delete'),
                    destructive: true,
                    onSelect: () => setDialog('delete'),
                  },
                ]
              : []),
          ]}
        />
      </div>
      {dialog === 'deposit' ? (
        <DepositDialog
          open
          onOpenChange={(o) => (o ? undefined : setDialog(null))}
          kind={kind}
          doc={doc}
        />
      ) : null}
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
        title={
          draft && invoice
            ? t('documents.delete.draftInvoiceTitle')
            : t('documents.delete.title', { kind })
        }
        description={t('documents.delete.description')}
        confirmLabel={t('documents.delete.confirm', { kind })}
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

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm'
import { refusal } from '@/lib/errors'
import { loadPb } from '@/lib/pocketbase/instance'
import { useOnline } from '@/lib/use-online'
import { useT } from '@/lib/i18n'
import type { DocumentKind } from '@/billing/types'

/**
 * The link the customer opens the document with. Only its hash is kept, so a link can't be
 * shown again: "New link" makes one (to copy into a message) and stops the ones sent before.
 */
export function CustomerLink({
  kind,
  id,
  isDraft,
}: {
  kind: DocumentKind
  id: string
  isDraft: boolean
}) {
  const t = useT()
  const online = useOnline()
  const [confirming, setConfirming] = useState(false)
  const [url, setUrl] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  return (
    <Card className="grid content-start gap-3 p-4">
      <h2 className="font-semibold">{t('documents.link.title')}</h2>
      {isDraft ? (
        <p className="text-sm text-muted-foreground">{t('documents.link.draft')}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('documents.link.hint')}</p>
          {url ? (
            <div className="grid gap-2">
              <label className="grid gap-1 text-sm">
                <span className="font-medium">{t('documents.link.new')}</span>
                <input
                  readOnly
                  dir="ltr"
                  value={url}
                  className="h-10 w-full rounded-md border border-input bg-background px-3 font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                />
              </label>
              <Button
                variant="outline"
                onClick={async () => {
                  await navigator.clipboard?.writeText(url).catch(() => {})
                  setCopied(true)
                }}
              >
                {copied ? t('documents.link.copied') : t('documents.link.copy')}
              </Button>
            </div>
          ) : null}
          <Button
            variant="outline"
            disabled={!online}
            title={online ? undefined : t('documents.link.offline')}
            onClick={() => setConfirming(true)}
          >
            {t('documents.link.new')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('documents.link.confirmTitle')}
        description={t('documents.link.confirmDescription')}
        confirmLabel={t('documents.link.confirm')}
        onConfirm={async () => {
          try {
            const pb = await loadPb()
            const r = await pb.send<{ url: string }>(
              `/api/folio/${kind}/${encodeURIComponent(id)}/link`,
              { method: 'POST' },
            )
            setUrl(r.url)
            setCopied(false)
          } catch (error) {
            return refusal(error).message
          }
        }}
      />
    </Card>
  )
}

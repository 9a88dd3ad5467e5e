import { Plus } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { buttonClass } from '@/components/ui/button'
import { PreloadLink } from '@/components/ui/preload-link'
import { WriteOnly } from '@/components/ui/role-note'
import { recordPaths } from '@/config/paths'
import type { DocumentKind } from '@/billing/types'
import { useT } from '@/lib/i18n'

const newPath = { quotes: recordPaths.quoteNew, invoices: recordPaths.invoiceNew } as const

/** The head of the quotes' or invoices' list: its title, what it holds, and "New …" for writers. */
export function DocumentListHeader({ kind }: { kind: DocumentKind }) {
  const t = useT()
  return (
    <PageHeader
      title={t(`documents.${kind}.title`)}
      description={t(`documents.${kind}.description`)}
      actions={
        <WriteOnly>
          <PreloadLink href={newPath[kind]} className={buttonClass()}>
            <Plus className="size-4" aria-hidden />
            {t(`documents.${kind}.new`)}
          </PreloadLink>
        </WriteOnly>
      }
    />
  )
}

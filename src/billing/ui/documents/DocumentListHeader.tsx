import { recordPaths } from '@/config/paths'
import type { DocumentKind } from '@/billing/types'
import { useT } from '@/lib/i18n'
import { ListHeader } from '../ListHeader'

const newPath = { quotes: recordPaths.quoteNew, invoices: recordPaths.invoiceNew } as const

/** The head of the quotes' or invoices' list: its title, what it holds, and "New …" for writers. */
export function DocumentListHeader({ kind }: { kind: DocumentKind }) {
  const t = useT()
  return (
    <ListHeader
      title={t(`documents.${kind}.title`)}
      description={t(`documents.${kind}.description`)}
      newHref={newPath[kind]}
      newLabel={t(`documents.${kind}.new`)}
    />
  )
}

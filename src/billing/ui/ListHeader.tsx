import { Plus } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { buttonClass } from '@/components/ui/button'
import { PreloadLink } from '@/components/ui/preload-link'
import { WriteOnly } from '@/components/ui/role-note'

/** The head of a list of records: its title, what it holds, and "New …" for a role that writes. */
export function ListHeader({
  title,
  description,
  newHref,
  newLabel,
}: {
  title: string
  description: string
  newHref: string
  newLabel: string
}) {
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        <WriteOnly>
          <PreloadLink href={newHref} className={buttonClass()}>
            <Plus className="size-4" aria-hidden />
            {newLabel}
          </PreloadLink>
        </WriteOnly>
      }
    />
  )
}

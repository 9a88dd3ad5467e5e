import { Building2, ChevronsUpDown } from 'lucide-react'
import { useBusiness, type Membership } from '@/lib/business'
import { useT } from '@/lib/i18n'
import { useLazyMenu } from '../ui/lazy-menu'

export const switcherClass =
  'inline-flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-start text-sm hover:bg-muted'

type MenuModule = typeof import('./BusinessSwitcherMenu')
let menuModule: Promise<MenuModule> | null = null
/** The menu's code (and the menu library's), fetched once: on hover or focus, at the latest on open. */
const loadMenu = () => (menuModule ??= import('./BusinessSwitcherMenu'))

/**
 * The header's business switcher: the current business and the person's role in it; its menu
 * (arrow keys, typeahead, Escape) lists the others and the way to create one. Until it is first
 * opened the switcher is a plain button; its menu loads then.
 */
export function BusinessSwitcher({
  onSwitch,
  onCreate,
}: {
  onSwitch: (business: string) => void
  onCreate: () => void
}) {
  const t = useT()
  const { memberships, current, role } = useBusiness()
  const { menu, open, setOpen, buttonProps } = useLazyMenu(loadMenu)
  const here = memberships.find((m) => m.business === current)
  if (!here || !role) return null
  const name = (m: Membership) => m.businessName || t('team.switcher.unnamed')
  const roleName = t(`team.role.${role}`)
  const title = t('team.switcher.label', { name: name(here), role: roleName })
  const trigger = (
    <>
      <Building2 aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      {/* On a phone or tablet the header has room for the icon only; the name is still read. */}
      <span className="sr-only grid max-w-[14rem] leading-tight break-words lg:not-sr-only">
        <span className="font-medium">
          <bdi>{name(here)}</bdi>
        </span>
        <span className="text-xs text-muted-foreground">
          <bdi>{roleName}</bdi>
        </span>
      </span>
      <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
    </>
  )
  if (menu)
    return (
      <menu.BusinessSwitcherMenu
        title={title}
        trigger={trigger}
        memberships={memberships}
        current={current}
        name={name}
        onSwitch={onSwitch}
        onCreate={onCreate}
        open={open}
        onOpenChange={setOpen}
      />
    )
  return (
    <button title={title} className={switcherClass} {...buttonProps}>
      {trigger}
    </button>
  )
}

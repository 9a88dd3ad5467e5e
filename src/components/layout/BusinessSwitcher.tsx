import * as Dropdown from '@radix-ui/react-dropdown-menu'
import { Building2, Check, ChevronsUpDown } from 'lucide-react'
import { useBusiness, type Membership } from '@/lib/business'
import { useT } from '@/lib/i18n'
import { cn } from '../ui/cn'

/**
 * The header's business switcher: the current business and the person's role in it; its menu
 * (arrow keys, typeahead, Escape) lists the others and the way to create one.
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
  const here = memberships.find((m) => m.business === current)
  if (!here || !role) return null
  const name = (m: Membership) => m.businessName || t('team.switcher.unnamed')
  const roleName = t(`team.role.${role}`)
  return (
    <Dropdown.Root modal={false}>
      <Dropdown.Trigger
        title={t('team.switcher.label', { name: name(here), role: roleName })}
        className="inline-flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-start text-sm hover:bg-muted"
      >
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
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          align="start"
          sideOffset={4}
          className="z-50 max-w-[calc(100vw-1rem)] min-w-56 rounded-md border border-border bg-background p-1 shadow-md"
        >
          <Dropdown.Label className="px-2 py-1.5 text-xs text-muted-foreground">
            {t('team.switcher.title')}
          </Dropdown.Label>
          <Dropdown.RadioGroup value={current ?? ''} onValueChange={onSwitch}>
            {memberships.map((m) => (
              <Dropdown.RadioItem
                key={m.business}
                value={m.business}
                className="relative flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
              >
                <Dropdown.ItemIndicator className="absolute">
                  <Check aria-hidden className="size-4" />
                </Dropdown.ItemIndicator>
                <span className="ms-6 grid min-w-0 break-words">
                  <bdi>{name(m)}</bdi>
                  <span className="text-xs text-muted-foreground">{t(`team.role.${m.role}`)}</span>
                </span>
              </Dropdown.RadioItem>
            ))}
          </Dropdown.RadioGroup>
          <Dropdown.Separator className="my-1 h-px bg-border" />
          <Dropdown.Item
            onSelect={onCreate}
            className={cn(
              'cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted',
            )}
          >
            {t('team.switcher.create')}
          </Dropdown.Item>
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  )
}

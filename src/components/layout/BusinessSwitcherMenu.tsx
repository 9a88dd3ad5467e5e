import * as Dropdown from '@radix-ui/react-dropdown-menu'
import type { ReactNode } from 'react'
import { Check } from 'lucide-react'
import type { Membership } from '@/lib/business'
import { useT } from '@/lib/i18n'
import { cn } from '../ui/cn'
import { switcherClass } from './BusinessSwitcher'

/**
 * The switcher's menu (Radix: arrow keys, typeahead, Escape): the person's businesses and the way
 * to create one. Loaded only when the switcher is first opened (see BusinessSwitcher), so a
 * first visit does not pay for the menu library.
 */
export function BusinessSwitcherMenu({
  title,
  trigger,
  memberships,
  current,
  name,
  onSwitch,
  onCreate,
  open,
  onOpenChange,
}: {
  title: string
  trigger: ReactNode
  memberships: readonly Membership[]
  current: string | null
  name: (m: Membership) => string
  onSwitch: (business: string) => void
  onCreate: () => void
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  return (
    <Dropdown.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <Dropdown.Trigger title={title} className={switcherClass}>
        {trigger}
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

import * as Dropdown from '@radix-ui/react-dropdown-menu'
import type { ReactNode } from 'react'
import { cn } from './cn'

export interface MenuItem {
  label: string
  onSelect: () => void
  destructive?: boolean
  disabled?: boolean
}

/** A menu button (arrow keys, typeahead, Escape): row actions and the like. */
export function Menu({
  label,
  trigger,
  items,
  align = 'end',
}: {
  /** The accessible name of the button, e.g. "Actions for INV-00012". */
  label: string
  trigger: ReactNode
  items: MenuItem[]
  align?: 'start' | 'end'
}) {
  return (
    <Dropdown.Root modal={false}>
      <Dropdown.Trigger
        aria-label={label}
        className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted"
      >
        {trigger}
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          align={align}
          sideOffset={4}
          className="z-50 min-w-44 rounded-md border border-border bg-background p-1 shadow-md"
        >
          {items.map((item) => (
            <Dropdown.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={item.onSelect}
              className={cn(
                'cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted',
                item.destructive && 'text-destructive',
              )}
            >
              {item.label}
            </Dropdown.Item>
          ))}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  )
}

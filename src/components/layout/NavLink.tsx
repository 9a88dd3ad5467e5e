import type { ReactNode } from 'react'
import { PreloadLink } from '../ui/preload-link'
import { cn } from '../ui/cn'

/**
 * A navigation entry: the page it opens, marked as the current page (and highlighted) when
 * `active`. `className` adds to its look (a settings entry does not wrap).
 */
export function NavLink({
  href,
  active,
  className,
  children,
}: {
  href: string
  active: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <PreloadLink
      href={href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'block rounded-md px-3 py-2 text-sm',
        className,
        active ? 'bg-accent font-medium' : 'text-muted-foreground hover:bg-muted',
      )}
    >
      {children}
    </PreloadLink>
  )
}

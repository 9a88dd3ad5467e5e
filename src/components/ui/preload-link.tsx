import type { AnchorHTMLAttributes } from 'react'
import { Link } from 'wouter'
import { preloadRoute } from '@/lib/preload'

export interface PreloadLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string
}

/** A wouter link that loads its route's chunk as soon as the user shows intent (hover or focus). */
export function PreloadLink({ href, onPointerEnter, onFocus, ...rest }: PreloadLinkProps) {
  return (
    <Link
      href={href}
      onPointerEnter={(e) => {
        preloadRoute(href)
        onPointerEnter?.(e)
      }}
      onFocus={(e) => {
        preloadRoute(href)
        onFocus?.(e)
      }}
      {...rest}
    />
  )
}

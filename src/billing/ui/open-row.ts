import type { MouseEvent } from 'react'
import { useLocation } from 'wouter'

/** What in a row is a control of its own: a click there is not a click on the row. */
const ROW_CONTROLS = 'a, button, input, select, textarea, label, [role="menu"], [role="dialog"]'

/**
 * A click anywhere on a list's row opens its record, as the row's link does. The link stays the
 * row's one interactive element (the keyboard's stop, Enter, the browser's menu, new tabs); the
 * row only forwards a plain click to it. A click on one of the row's own controls, in a menu it
 * opened, or one that ends a text selection stays theirs.
 */
export function useOpenRow() {
  const [, navigate] = useLocation()
  return (e: MouseEvent<HTMLElement>, href: string) => {
    if (e.button !== 0 || e.defaultPrevented) return
    const target = e.target as Element
    if (target.closest(ROW_CONTROLS) || !e.currentTarget.contains(target)) return
    if (window.getSelection()?.toString()) return
    if (e.ctrlKey || e.metaKey || e.shiftKey) window.open(href, '_blank', 'noopener')
    else navigate(href)
  }
}

import { useState, type KeyboardEvent } from 'react'

/**
 * A header menu whose code (and the menu library's) loads on intent, not with the first screen:
 * until it is first opened its button is a plain one; hovering or focusing it fetches the menu,
 * opening it (click, or the down arrow) draws the real menu, open. `load` should return the same
 * promise each time.
 */
export function useLazyMenu<M>(load: () => Promise<M>) {
  const [menu, setMenu] = useState<M | null>(null)
  const [open, setOpen] = useState(false)
  const openMenu = () =>
    void load().then((m) => {
      setMenu(m)
      setOpen(true)
    })
  /** The plain button's props, until the menu is drawn. */
  const buttonProps = {
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onClick: openMenu,
    onKeyDown: (e: KeyboardEvent) => {
      // A menu button opens on the down arrow too.
      if (e.key === 'ArrowDown') {
        e.preventDefault()
        openMenu()
      }
    },
  }
  return { menu, open, setOpen, buttonProps }
}

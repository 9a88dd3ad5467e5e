import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react'
import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ensureBundle, useT } from '@/lib/i18n'

/**
 * The palette itself (cmdk, the searches) loads on first use, never with the first screen, with
 * the words of the screens it finds (the `screens` bundle).
 */
const loadPalette = () =>
  Promise.all([import('./CommandPalette'), ensureBundle('screens')]).then(([m]) => m)
const CommandPalette = lazy(loadPalette)

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.userAgent)

/** Ctrl+K, or ⌘K on Apple devices. */
export const isPaletteShortcut = (e: KeyboardEvent) =>
  e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey

/** The header's search button with its shortcut, and the command palette it opens. */
export function PaletteLauncher() {
  const t = useT()
  const [open, setOpen] = useState(false)
  // Mounted from the first opening on, so it keeps its state and closes with its animation.
  const [wanted, setWanted] = useState(false)
  const opener = useRef<HTMLElement | null>(null)
  const mac = isMac()

  const show = useCallback((next: boolean) => {
    if (next) {
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
      setWanted(true)
    }
    setOpen(next)
  }, [])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return
      e.preventDefault()
      show(!open)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, show])

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="gap-2 text-muted-foreground sm:min-w-48 sm:justify-start"
        aria-haspopup="dialog"
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        onClick={() => show(true)}
      >
        <Search className="size-4 shrink-0" aria-hidden />
        <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-start">{t('palette.open')}</span>
        <kbd
          aria-hidden
          className="hidden rounded border border-border bg-muted px-1.5 font-sans text-xs sm:inline"
        >
          {mac ? t('palette.shortcut.mac') : t('palette.shortcut.other')}
        </kbd>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={show} returnFocus={() => opener.current} />
        </Suspense>
      ) : null}
    </>
  )
}

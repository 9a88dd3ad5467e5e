import * as RadixDialog from '@radix-ui/react-dialog'
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { useT } from '@/lib/i18n'

/** A modal dialog: focus is trapped inside, Escape closes it, focus returns to the opener. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children: ReactNode
  wide?: boolean
}) {
  const t = useT()
  // Focus goes back to what opened the dialog, also when the dialog is unmounted on close.
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (
      open &&
      document.activeElement instanceof HTMLElement &&
      document.activeElement !== document.body
    )
      opener.current = document.activeElement
  }, [open])
  useEffect(() => {
    if (open) return
    return restoreFocus(opener)
  }, [open])
  useEffect(() => () => void restoreFocus(opener), [])
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90svh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-background p-6 shadow-lg ${wide ? 'max-w-2xl' : 'max-w-md'}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-muted-foreground">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute end-3 top-3 rounded p-1 text-muted-foreground hover:bg-muted"
            aria-label={t('common.actions.close')}
          >
            <X className="size-4" aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

function restoreFocus(opener: { current: HTMLElement | null }) {
  const el = opener.current
  if (!el) return
  const t = setTimeout(() => {
    const active = document.activeElement
    if ((!active || active === document.body) && el.isConnected) el.focus()
  }, 0)
  return () => clearTimeout(t)
}

import { useEffect } from 'react'
import * as sonner from 'sonner'
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS } from '@/config/constants'
import { toasterReady } from '@/lib/toast'

/** sonner's Toaster with the SPEC §9 settings; loaded on the first toast. */
export default function AppToaster({ theme }: { theme: 'dark' | 'light' }) {
  // Children's effects run first, so sonner is subscribed before the queue is replayed.
  useEffect(() => toasterReady(sonner), [])
  return (
    <sonner.Toaster
      duration={TOAST_DURATION_MS}
      visibleToasts={MAX_VISIBLE_TOASTS}
      theme={theme}
      position="bottom-right"
      closeButton
      richColors
    />
  )
}

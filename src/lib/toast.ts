/**
 * Toasts without sonner in the first-visit bundle: calls are queued until the lazily loaded
 * <Toaster> has mounted, then replayed. Keeps /sign-in inside its JS budget.
 */
type Sonner = typeof import('sonner')
type Call = (s: Sonner) => void

let sonner: Sonner | null = null
const queue: Call[] = []
const wanted = new Set<() => void>()
let requested = false

export type ToastKind = 'success' | 'error' | 'info'

/**
 * A toast. Toasts given the same `slot` take each other's place: a later notice of a flow (the
 * sign-in's "Welcome back!") replaces its earlier one ("Failed to login") instead of leaving it
 * on the next page.
 */
export function notify(kind: ToastKind, message: string, detail?: string, slot?: string) {
  const call: Call = (s) =>
    s.toast[kind](message, {
      ...(detail ? { description: detail } : {}),
      ...(slot ? { id: slot } : {}),
    })
  if (sonner) return call(sonner)
  queue.push(call)
  if (!requested) {
    requested = true
    wanted.forEach((l) => l())
  }
}

/** A toast that stays until acted on or dismissed, with one action button. */
export function notifyAction(
  message: string,
  detail: string,
  action: { label: string; onClick: () => void },
) {
  const call: Call = (s) =>
    s.toast.info(message, { description: detail, duration: Infinity, action })
  if (sonner) return call(sonner)
  queue.push(call)
  if (!requested) {
    requested = true
    wanted.forEach((l) => l())
  }
}

/** For the lazy toaster: re-render when the first toast asks for it. */
export function onToasterWanted(listener: () => void): () => void {
  wanted.add(listener)
  return () => wanted.delete(listener)
}
export const toasterWanted = () => requested

/** Called by the toaster once sonner's <Toaster> listens. */
export function toasterReady(mod: Sonner) {
  sonner = mod
  queue.splice(0).forEach((c) => c(mod))
}

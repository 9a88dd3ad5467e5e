import { useEffect, type RefObject } from 'react'

/**
 * Calls `onNear` once the element comes within `rootMargin` of the screen: what a screen loads
 * late (a QR encoder, a card's code and words) waits until someone may look at it. Without the
 * observer (an old browser, or a test's document) it is called at once: late never means never.
 */
export function useNear(
  ref: RefObject<Element | null>,
  onNear: () => void,
  { rootMargin = '0px', skip = false }: { rootMargin?: string; skip?: boolean } = {},
): void {
  useEffect(() => {
    const el = ref.current
    if (!el || skip) return
    if (typeof IntersectionObserver === 'undefined') return onNear()
    const near = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && onNear(), {
      rootMargin,
    })
    near.observe(el)
    return () => near.disconnect()
  }, [ref, onNear, rootMargin, skip])
}

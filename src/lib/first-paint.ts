/**
 * The first screen's paint, for work that must not hold it back (the start-up session refresh
 * and the SDK it loads). main.tsx reports the app's first commit; the paint follows it.
 */
let painted: () => void = () => {}
const firstPaint = new Promise<void>((resolve) => (painted = resolve))

/** Called once, after the app's first render is committed. */
export function firstScreenCommitted(): void {
  // A hidden tab paints nothing until it is shown: no reason to wait.
  if (document.visibilityState === 'hidden') return painted()
  // A frame callback runs just before the next paint, its task after it.
  requestAnimationFrame(() => setTimeout(painted, 0))
}

/** Resolves once the first screen has been painted (at once, afterwards). */
export function afterFirstPaint(): Promise<void> {
  return firstPaint
}

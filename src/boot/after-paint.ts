// The prerendered pages' starter (built by the `classic-scripts` plugin in vite.config.ts, loaded
// with `defer`): the page is already drawn from its HTML, so the app's modules wait for its first
// paint instead of competing with the style sheet and the font for it. They sit inert in
// <template id="folio-modules"> (the entry and its modulepreloads, with the route's chunks the
// server added) and are put into <head> once the page has been painted; the app then hydrates.
let started = false

function start(): void {
  if (started) return
  started = true
  const modules = document.getElementById('folio-modules')
  if (!(modules instanceof HTMLTemplateElement)) return
  modules.remove()
  // One element a task: starting a fetch costs the main thread a few milliseconds, and twenty at
  // once would make one long task. The entry script comes first, then its chunks' preloads.
  // Scripts cloned out of a template run once inserted; those parsed inside it never did.
  const elements = Array.from(modules.content.children)
  const next = (): void => {
    const element = elements.shift()
    if (!element) return
    document.head.append(document.importNode(element, true))
    setTimeout(next, 0)
  }
  next()
}

/** Runs `start` in a task of its own once the page's first contentful paint has happened. */
function afterFirstPaint(): void {
  // A hidden tab paints nothing until it is shown: no reason to wait.
  if (document.visibilityState === 'hidden') return start()
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // Buffered: a paint that happened before this script ran is reported at once.
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      setTimeout(start, 0)
    }).observe({ type: 'paint', buffered: true })
    // Never left waiting for a paint that does not come.
    setTimeout(start, 3000)
  } else {
    // Without paint timing: a frame callback runs just before the next paint, its task after it.
    requestAnimationFrame(() => setTimeout(start, 0))
  }
}

afterFirstPaint()

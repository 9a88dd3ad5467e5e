import type { Page } from '@playwright/test'

/**
 * What is wrong with the page's layout at its current width: sideways scroll of the whole page,
 * and text cut off by an ancestor that hides overflow (the screen-reader-only pattern excepted).
 * Each problem is a sentence naming the text, so a failing sweep says what to fix.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const root = document.scrollingElement ?? document.documentElement
    const over = root.scrollWidth - window.innerWidth
    if (over > 0) problems.push(`the page scrolls ${over} px sideways`)

    const hides = (el: Element) => {
      const s = getComputedStyle(el)
      return s.overflowX === 'hidden' || s.overflowX === 'clip'
    }
    const srOnly = (el: Element) => {
      const r = el.getBoundingClientRect()
      const s = getComputedStyle(el)
      return (r.width <= 1 && r.height <= 1) || s.clipPath !== 'none' || s.clip !== 'auto'
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const seen = new Set<Element>()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      const parent = node.parentElement
      if (!text || !parent || seen.has(parent)) continue
      if (parent.closest('[aria-hidden="true"], svg, script, style, template, noscript')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const box = range.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      let clipped: Element | null = null
      for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) {
        if (srOnly(a)) {
          clipped = null
          break
        }
        if (!clipped && hides(a)) {
          const r = a.getBoundingClientRect()
          if (box.left < r.left - 1 || box.right > r.right + 1) clipped = a
        }
      }
      if (clipped) {
        seen.add(parent)
        problems.push(`“${text.slice(0, 40)}” is cut off`)
      }
    }
    return problems
  })
}

import type { Page } from '@playwright/test'

/**
 * What is wrong with the page's layout at its current width: sideways scroll of the whole page,
 * text cut off by an ancestor that hides overflow (the screen-reader-only pattern excepted),
 * and the inputs of one row of a multi-column form grid not level (a hint under one of them).
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

    // Paired inputs: in a grid of two or more columns, the controls of one row sit right under
    // their labels, whether or not a field of the row has a hint or an error under it.
    const rows = new Map<string, { name: string; top: number }[]>()
    const grids: Element[] = []
    const cells = new Set<Element>()
    const controls = document.querySelectorAll(
      'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]):not([type="file"]), select, textarea',
    )
    for (const control of controls) {
      const box = control.getBoundingClientRect()
      const label = (control as HTMLInputElement).labels?.[0]
      if (box.width === 0 || box.height === 0 || !label) continue
      // The field: the smallest box holding the control and its label, a cell of the row's grid.
      let cell: Element | null = control.parentElement
      while (cell && !cell.contains(label)) cell = cell.parentElement
      const grid = cell?.parentElement
      if (!cell || !grid || cells.has(cell)) continue
      cells.add(cell)
      const s = getComputedStyle(grid)
      if (s.display !== 'grid' || s.gridTemplateColumns.trim().split(/\s+/).length < 2) continue
      if (!grids.includes(grid)) grids.push(grid)
      const key = `${grids.indexOf(grid)}:${Math.round(cell.getBoundingClientRect().top)}`
      const name = label.textContent?.trim() || control.id
      // Measured from the label's foot: a label that wraps to two lines in one column moves its
      // input with it; what must not differ is the room between a label and its input.
      // (the label's text, not its box: a stretched row makes the box taller than its text).
      const words = document.createRange()
      words.selectNodeContents(label)
      const foot = words.getBoundingClientRect()
      if (foot.width <= 1) continue
      rows.set(key, [...(rows.get(key) ?? []), { name, top: box.top - foot.bottom }])
    }
    for (const row of rows.values()) {
      const tops = row.map((r) => r.top)
      const off = Math.max(...tops) - Math.min(...tops)
      if (off > 1)
        problems.push(
          `the inputs ${row.map((r) => `“${r.name}”`).join(' and ')} are ${Math.round(off)} px out of line`,
        )
    }
    return problems
  })
}

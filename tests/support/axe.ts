import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Waits until no finite animation or transition runs, twice in a row a short while apart (a
 * toast that arrives meanwhile, such as "ready to work offline" once the service worker is
 * installed, starts its own fade-in). A paused animation never finishes: gives up after a while.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
    const deadline = Date.now() + 5000
    let quiet = 0
    while (quiet < 2 && Date.now() < deadline) {
      const now = running()
      if (now.length === 0) quiet += 1
      else {
        quiet = 0
        await Promise.race([
          Promise.all(now.map((a) => a.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, 1000)),
        ])
      }
      await new Promise((resolve) => setTimeout(resolve, 150))
    }
  })
}

/**
 * Axe violations of the page (or of the part `include` selects), as `rule: targets` lines.
 * A toast or dialog still fading in is measured half transparent, so animations and
 * transitions end first: contrast is checked on what a person reads. Something that starts
 * fading in while axe reads the page is read half transparent all the same, so a page with
 * violations is settled and read again, and only what both readings find is a violation.
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; tags?: string[] } = {},
): Promise<string[]> {
  const read = async () => {
    await settle(page)
    let builder = new AxeBuilder({ page }).withTags(options.tags ?? wcag21aa)
    if (options.include) builder = builder.include(options.include)
    const results = await builder.analyze()
    return new Map(results.violations.map((v) => [v.id, v.nodes.map((n) => String(n.target))]))
  }
  const lines = (found: Map<string, string[]>) =>
    [...found]
      .filter(([, nodes]) => nodes.length > 0)
      .map(([id, nodes]) => `${id}: ${nodes.join(', ')}`)
  const first = await read()
  if (first.size === 0) return []
  const again = await read()
  for (const [id, nodes] of first)
    first.set(
      id,
      nodes.filter((n) => again.get(id)?.includes(n)),
    )
  return lines(first)
}

import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Axe violations of the page (or of the part `include` selects), as `rule: targets` lines.
 * A toast or dialog still fading in is measured half transparent, so finite animations and
 * transitions end first: contrast is checked on what a person reads.
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; tags?: string[] } = {},
): Promise<string[]> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      // A paused animation never finishes: measure anyway after a while.
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  )
  let builder = new AxeBuilder({ page }).withTags(options.tags ?? wcag21aa)
  if (options.include) builder = builder.include(options.include)
  const results = await builder.analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)
}

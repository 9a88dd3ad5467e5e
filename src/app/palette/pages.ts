import { recordCreatePaths } from '@/config/paths'
import { fold } from '@/lib/fold'

/** A page the palette can open: its path, its name and, for some, the area it belongs to. */
export interface PageEntry {
  href: string
  label: string
  area?: string
}

/** How a page matches what was typed; lower is better. */
export const PageMatch = {
  exact: 0,
  start: 1,
  wordStart: 2,
  inside: 3,
  area: 4,
} as const

function matchOf(page: PageEntry, typed: string): number | null {
  const label = fold(page.label)
  if (label === typed) return PageMatch.exact
  if (label.startsWith(typed)) return PageMatch.start
  if (label.split(/[\s\-–—/·]+/u).some((word) => word.startsWith(typed))) return PageMatch.wordStart
  if (label.includes(typed)) return PageMatch.inside
  if (page.area && fold(page.area).includes(typed)) return PageMatch.area
  return null
}

/**
 * The pages that match what was typed, best first (an exact name, then a name that starts with it,
 * a word of the name that does, a name that holds it, then a page of a matching area; table order
 * within each). `first` says whether the pages go before the customers and documents: when a
 * page's own name matches, the person is most likely looking for that page, so Enter opens it
 * whatever the search finds among the records. Nothing typed: every page, in table order, after
 * the records.
 */
export function matchPages(
  pages: readonly PageEntry[],
  typed: string,
): { pages: PageEntry[]; first: boolean } {
  const needle = fold(typed.trim())
  if (!needle) return { pages: [...pages], first: false }
  const ranked = pages
    .map((page, order) => ({ page, order, match: matchOf(page, needle) }))
    .filter((r): r is { page: PageEntry; order: number; match: number } => r.match !== null)
    .sort((a, b) => a.match - b.match || a.order - b.order)
  return {
    pages: ranked.map((r) => r.page),
    first: (ranked[0]?.match ?? PageMatch.area) < PageMatch.area,
  }
}

/** The pages the palette offers: a role that can't write is not offered "New invoice" and the like. */
export function offeredTo<T extends { href: string }>(targets: readonly T[], writer: boolean): T[] {
  return targets.filter((p) => writer || !recordCreatePaths.has(p.href))
}

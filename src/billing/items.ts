import { fold } from '@/lib/fold'
import { parseMajor, toInputAmount } from './format'
import type { Item, ItemPrice } from './types'

/** How an item matches what was typed in a line's description; lower is better. */
export const ItemMatch = {
  exact: 0,
  start: 1,
  wordStart: 2,
  sku: 3,
  inside: 4,
  description: 5,
} as const

/** Items shown under a line's description at most. */
export const ITEM_SUGGESTIONS = 8

function matchOf(item: Item, needle: string): number | null {
  const name = fold(item.name)
  if (name === needle) return ItemMatch.exact
  if (name.startsWith(needle)) return ItemMatch.start
  if (name.split(/[\s\-–—/·,.()]+/u).some((w) => w.startsWith(needle))) return ItemMatch.wordStart
  if (item.sku && fold(item.sku).startsWith(needle)) return ItemMatch.sku
  if (name.includes(needle)) return ItemMatch.inside
  if (item.description && fold(item.description).includes(needle)) return ItemMatch.description
  return null
}

/**
 * The catalogue's items that match what was typed, best first: the name itself, a name that
 * starts with it, a word of the name that does, a SKU that does, a name that holds it, then a
 * description that does (by name within each). Archived items are never offered; nothing typed
 * offers nothing (the line is being written by hand).
 */
export function matchItems(
  items: readonly Item[],
  typed: string,
  limit: number = ITEM_SUGGESTIONS,
): Item[] {
  const needle = fold(typed.trim())
  if (!needle) return []
  return items
    .filter((i) => !i.archived)
    .map((item) => ({ item, match: matchOf(item, needle) }))
    .filter((r): r is { item: Item; match: number } => r.match !== null)
    .sort((a, b) => a.match - b.match || a.item.name.localeCompare(b.item.name))
    .slice(0, limit)
    .map((r) => r.item)
}

/** The item's price in a currency (cents), or null when it has none in it. */
export function priceIn(item: Pick<Item, 'prices'>, currency: string): number | null {
  return item.prices?.find((p) => p.currency === currency)?.cents ?? null
}

/** What picking an item writes into a line (as typed text, so it stays editable). */
export interface LineFill {
  description: string
  unit: string
  unit_code: string
  tax_rate: string
  /** Absent when the item has no price in the document's currency: the line's price stays. */
  unit_price?: string
  /**
   * An item at 0 %: its VAT category, which is the document's (one for all its 0 % lines), not
   * the line's; applyFill leaves it to the editor (zeroRateCategory).
   */
  vat_category?: string
}

/** The fields of a line that a pick writes. */
type LineKey = Exclude<keyof LineFill, 'vat_category'>
const LINE_KEYS: readonly LineKey[] = ['description', 'unit', 'unit_code', 'tax_rate', 'unit_price']

/**
 * Picking an item fills the line: its name, unit and unit code, tax rate, and its price in the
 * document's currency when it has one (a price in another currency is never converted).
 */
export function fillFromItem(item: Item, currency: string, locale?: string): LineFill {
  const cents = priceIn(item, currency)
  return {
    description: item.name,
    unit: item.unit,
    unit_code: item.unit_code,
    tax_rate: String(item.tax_rate),
    ...(cents === null ? {} : { unit_price: toInputAmount(cents, currency, locale) }),
    ...(!item.tax_rate && item.vat_category ? { vat_category: item.vat_category } : {}),
  }
}

/**
 * The document's VAT category after a 0 % item was picked into line `picked`: the item's, unless
 * another line already is at 0 % (the category is the document's, for all of them: the one
 * chosen stays). Null: leave it as it is.
 */
export function zeroRateCategory(
  fill: LineFill,
  lines: readonly { tax_rate: string }[],
  picked: number,
): string | null {
  if (!fill.vat_category) return null
  const otherZero = lines.some((l, i) => i !== picked && !Number(l.tax_rate.replace(',', '.')))
  return otherZero ? null : fill.vat_category
}

/** Sets each line field a pick fills, through an editor's own line setter (so its checks follow). */
export function applyFill(fill: LineFill, set: (k: LineKey, value: string) => void): void {
  for (const k of LINE_KEYS) {
    const value = fill[k]
    if (value !== undefined) set(k, value)
  }
}

/** A typed line, as "Save as item" reads it. */
export interface TypedLine {
  description: string
  unit: string
  unit_code: string
  unit_price: string
  tax_rate: string
}

/** The body of a new item made from a typed line. */
export interface ItemBody {
  name: string
  unit: string
  unit_code: string
  tax_rate: number
  prices: ItemPrice[]
  archived: false
}

/**
 * "Save as item": the line's description becomes the item's name, its price (when it reads as an
 * amount in the document's currency) the item's price in that currency. Null when the line has no
 * description to name the item by.
 */
export function itemFromLine(line: TypedLine, currency: string, locale?: string): ItemBody | null {
  const name = line.description.trim()
  if (!name) return null
  const cents = line.unit_price.trim() ? parseMajor(line.unit_price, currency, locale) : null
  const rate = Number(line.tax_rate.trim().replace(',', '.'))
  return {
    name: name.slice(0, 200),
    unit: line.unit.trim(),
    unit_code: line.unit_code,
    tax_rate: Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : 0,
    prices: cents === null ? [] : [{ currency, cents }],
    archived: false,
  }
}

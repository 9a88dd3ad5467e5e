import type { MessageKey, Translate } from '@/lib/i18n'

/** The most categories a business keeps, and the longest name (the server's limits). */
export const CATEGORIES_MAX = 30
export const CATEGORY_NAME_MAX = 60

/** The categories a business starts with, in the interface's language. */
export const DEFAULT_CATEGORY_KEYS: readonly MessageKey[] = [
  'expenses.category.rent',
  'expenses.category.travel',
  'expenses.category.software',
  'expenses.category.office',
  'expenses.category.meals',
  'expenses.category.phone',
  'expenses.category.insurance',
  'expenses.category.fees',
  'expenses.category.goods',
  'expenses.category.other',
]

/** The business's categories: its own list, or the default one when it has none. */
export function expenseCategories(saved: readonly string[] | null | undefined, t: Translate) {
  return saved?.length ? [...saved] : DEFAULT_CATEGORY_KEYS.map((k) => t(k))
}

/** What is wrong with a typed list of categories, per name (by index) and for the whole list. */
export interface CategoryProblems {
  list: 'tooMany' | null
  names: Record<number, 'tooLong' | 'twice'>
}

/**
 * The list as saved (names trimmed, empty ones dropped) and what is wrong with it: more than
 * CATEGORIES_MAX names, a name longer than CATEGORY_NAME_MAX, or a name twice (case aside).
 */
export function checkCategories(typed: readonly string[]): {
  names: string[]
  problems: CategoryProblems | null
} {
  const problems: CategoryProblems = { list: null, names: {} }
  const seen = new Set<string>()
  const names: string[] = []
  typed.forEach((raw, i) => {
    const name = raw.trim()
    if (!name) return
    const key = name.toLocaleLowerCase()
    if (name.length > CATEGORY_NAME_MAX) problems.names[i] = 'tooLong'
    else if (seen.has(key)) problems.names[i] = 'twice'
    seen.add(key)
    names.push(name)
  })
  if (names.length > CATEGORIES_MAX) problems.list = 'tooMany'
  const bad = problems.list !== null || Object.keys(problems.names).length > 0
  return { names, problems: bad ? problems : null }
}

import { queryOptions } from '@tanstack/react-query'
import { loadPb } from '@/lib/pocketbase/instance'
import { expenseCategoriesKey } from './queries'

/** The most categories a business keeps, and the longest name (the server's limits). */
export const CATEGORIES_MAX = 30
export const CATEGORY_NAME_MAX = 60

/** The business's categories as the server keeps them (GET /api/folio/expenses/categories). */
export interface ExpenseCategories {
  /** Its own list, or while it has none the default one in its document language. */
  categories: string[]
  /** The list is the default one. */
  default: boolean
}

/**
 * The business's expense categories. The default list comes from the server in the business's
 * document language, so every member picks the same names whatever their interface's language
 * (a report by category adds up "Rent" and "Miete" apart), and the words are kept once.
 */
export const expenseCategoriesQuery = (business: string) =>
  queryOptions({
    queryKey: expenseCategoriesKey(business),
    queryFn: async (): Promise<ExpenseCategories> =>
      (await loadPb()).send<ExpenseCategories>('/api/folio/expenses/categories', {
        query: { business },
      }),
  })

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

// The business's expense categories as the server keeps them, and what the settings
// editor refuses before sending (the server's limits: 30 names of at most 60 characters).
import { describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'

const send = vi.fn<(path: string, options: { query: Record<string, string> }) => Promise<unknown>>()
vi.mock('@/lib/pocketbase/instance', () => ({ loadPb: async () => ({ send }) }))

const { checkCategories, expenseCategoriesQuery } = await import('@/billing/expense-categories')

describe('expenseCategoriesQuery', () => {
  it("asks the server for the business's list (the default one in its document language)", async () => {
    send.mockResolvedValue({ categories: ['Miete', 'Reisekosten'], default: true })
    const got = await new QueryClient().fetchQuery(expenseCategoriesQuery('b1'))
    expect(send).toHaveBeenCalledWith('/api/folio/expenses/categories', {
      query: { business: 'b1' },
    })
    expect(got).toEqual({ categories: ['Miete', 'Reisekosten'], default: true })
  })
})

describe('checkCategories', () => {
  it('trims the names and drops the empty ones', () => {
    expect(checkCategories([' Fuel ', '', 'Tools'])).toEqual({
      names: ['Fuel', 'Tools'],
      problems: null,
    })
  })

  it('refuses a name twice (case aside) and a name over 60 characters, at that name', () => {
    expect(checkCategories(['Fuel', 'fuel', 'x'.repeat(61)]).problems).toEqual({
      list: null,
      names: { 1: 'twice', 2: 'tooLong' },
    })
    expect(checkCategories(['x'.repeat(60)]).problems).toBeNull()
  })

  it('refuses more than 30 names', () => {
    const many = Array.from({ length: 31 }, (_, i) => `Category ${i}`)
    expect(checkCategories(many).problems?.list).toBe('tooMany')
    expect(checkCategories(many.slice(0, 30)).problems).toBeNull()
  })
})

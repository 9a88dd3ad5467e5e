// The business's expense categories: its own list or the default one, and what the settings
// editor refuses before sending (the server's limits: 30 names of at most 60 characters).
import { describe, expect, it } from 'vitest'
import { checkCategories, expenseCategories } from '@/billing/expense-categories'
import { t } from '@/lib/i18n'

describe('expenseCategories', () => {
  it('is the business list when it has one, the default list otherwise', () => {
    expect(expenseCategories(['Fuel', 'Tools'], t)).toEqual(['Fuel', 'Tools'])
    const defaults = expenseCategories(null, t)
    expect(defaults).toHaveLength(10)
    expect(defaults[0]).toBe('Rent')
    expect(defaults).toContain('Phone and internet')
    expect(expenseCategories([], t)).toEqual(defaults)
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

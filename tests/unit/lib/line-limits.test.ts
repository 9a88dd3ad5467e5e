// A line's quantity and price beyond the server's limits: the message says the limit.
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { linePriceProblem, quantityText } from '@/billing/fields'
import { fieldMessages } from '@/lib/use-form'
import { emptyTemplate, templateSchema } from '@/features/recurring/api'

const quantityMessage = (typed: string) => {
  const r = v.safeParse(quantityText, typed)
  return r.success ? null : r.issues[0]?.message
}

describe('a line’s limits', () => {
  it('a quantity above 100,000 is refused with the limit, written as the interface writes it', () => {
    expect(quantityMessage('100001')).toBe('A quantity can be at most 100,000')
    expect(quantityMessage('100000')).toBeNull()
    expect(quantityMessage('0.001')).toBeNull()
    expect(quantityMessage('0')).toBe('Enter a quantity above 0 (at most 3 decimals)')
    expect(quantityMessage('1.2345')).toBe('Enter a quantity above 0 (at most 3 decimals)')
  })

  it('a unit price above the limit says the limit in the currency', () => {
    expect(linePriceProblem('900000.01', 'EUR', '12.50')).toBe(
      'A unit price can be at most €900,000.00',
    )
    expect(linePriceProblem('900000', 'EUR', '12.50')).toBeNull()
    expect(linePriceProblem('', 'EUR', '12.50')).toBe('Enter a price like 12.50')
  })

  it('the recurring editor says the same', () => {
    const form = emptyTemplate(19)
    const line = {
      ...form.items[0]!,
      description: 'Hosting',
      quantity: '200000',
      unit_price: '1000000',
    }
    const r = v.safeParse(templateSchema, { ...form, customer: 'custalice000001', items: [line] })
    const messages = r.success ? {} : fieldMessages(r.issues)
    expect(messages['items.0.quantity']).toBe('A quantity can be at most 100,000')
    expect(messages['items.0.unit_price']).toBe('A unit price can be at most €900,000.00')
  })
})

import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { fieldMessages } from '@/lib/use-form'
import { t } from '@/lib/i18n'
import {
  emptyTemplate,
  frequencyText,
  templateSchema,
  toTemplateBody,
  type TemplateForm,
} from '@/features/recurring/api'

const filled = (change: Partial<TemplateForm> = {}): TemplateForm => ({
  ...emptyTemplate(19),
  customer: 'custalice000001',
  currency: 'EUR',
  start_date: '2026-01-31',
  month_day: '0',
  items: [
    {
      ...emptyTemplate(19).items[0]!,
      id: 'a',
      description: 'Hosting',
      quantity: '1',
      unit_price: '49.90',
    },
  ],
  ...change,
})

const messages = (f: TemplateForm) => {
  const r = v.safeParse(templateSchema, f)
  return r.success ? {} : fieldMessages(r.issues)
}

describe('the recurring template form', () => {
  it('says how often in words', () => {
    expect(frequencyText(t, { frequency: 'monthly', month_day: 15 })).toBe('Monthly on day 15')
    expect(frequencyText(t, { frequency: 'monthly', month_day: 0 })).toBe('Monthly on the last day')
    expect(frequencyText(t, { frequency: 'biweekly', month_day: 0 })).toBe('Every 2 weeks')
  })

  it('sends what the server takes, with the fields that count for the choices made', () => {
    const out = v.parse(templateSchema, filled({ end_kind: 'after', end_count: '6' }))
    expect(toTemplateBody(out)).toMatchObject({
      frequency: 'monthly',
      month_day: 0,
      start_date: '2026-01-31 00:00:00.000Z',
      end_kind: 'after',
      end_count: 6,
      end_date: '',
      payment_terms_days: 30,
      action: 'draft',
      items: [{ description: 'Hosting', quantity: 1, unit_price_cents: 4990, tax_rate: 19 }],
    })
    const weekly = v.parse(templateSchema, filled({ frequency: 'weekly', month_day: '12' }))
    expect(toTemplateBody(weekly)).toMatchObject({ month_day: 0, end_count: 0 })
  })

  it('carries a line’s unit, unit code and discount, and checks the discount as a percentage', () => {
    const line = { ...filled().items[0]!, unit: 'h', unit_code: 'HUR', discount_percent: '10' }
    const out = v.parse(templateSchema, filled({ items: [line] }))
    expect(toTemplateBody(out)).toMatchObject({
      items: [{ unit: 'h', unit_code: 'HUR', discount_percent: 10 }],
    })
    const wrong = messages(filled({ items: [{ ...line, discount_percent: '120' }] }))
    expect(wrong['items.0.discount_percent']).toMatch(/discount/i)
  })

  it('puts a message at each field that is wrong for the choices made', () => {
    expect(messages(filled({ end_kind: 'after', end_count: '0' }))).toHaveProperty('end_count')
    expect(messages(filled({ end_kind: 'on', end_date: '2026-01-01' }))).toHaveProperty('end_date')
    expect(messages(filled({ end_kind: 'never', end_count: '0', end_date: '' }))).toEqual({})
    const noPrice = filled()
    noPrice.items[0]!.unit_price = '0'
    expect(messages(noPrice)).toHaveProperty(['items.0.unit_price'])
    expect(messages(filled({ customer: '' }))).toHaveProperty('customer')
  })
})

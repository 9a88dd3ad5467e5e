import * as v from 'valibot'
import { linePriceProblem, message, percentText } from '@/billing/fields'
import { priceExample } from '@/billing/document-form'
import { parseMajor, toInputAmount } from '@/billing/format'
import type { Item, ItemPrice } from '@/billing/types'

/** A price as typed: its currency and the amount in it. */
export interface PriceInput {
  currency: string
  amount: string
}

/** The item form, with the server's limits, so mistakes show at the field before saving. */
export const itemSchema = v.pipe(
  v.object({
    name: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(message('items.validation.nameRequired')),
      v.maxLength(200, message('billing.field.maxChars', { max: 200 })),
    ),
    description: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(2000, message('billing.field.maxChars', { max: 2000 })),
    ),
    sku: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(64, message('billing.field.maxChars', { max: 64 })),
    ),
    unit: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(20, message('billing.field.maxChars', { max: 20 })),
    ),
    unit_code: v.string(),
    tax_rate: percentText('taxRate'),
    vat_category: v.string(),
    prices: v.array(v.object({ currency: v.string(), amount: v.string() })),
  }),
  // An amount depends on its currency's decimals; a currency has one price.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const seen = new Set<string>()
    dataset.value.prices.forEach((p, i) => {
      const problem = p.amount.trim()
        ? linePriceProblem(p.amount, p.currency, priceExample(p.currency))
        : null
      const twice = seen.has(p.currency)
      seen.add(p.currency)
      const text = problem ?? (twice ? message('items.validation.currencyTwice')() : null)
      if (!text) return
      addIssue({
        message: text,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value,
            key: 'prices',
            value: dataset.value.prices,
          },
          { type: 'array', origin: 'value', input: dataset.value.prices, key: i, value: p },
          { type: 'object', origin: 'value', input: p, key: 'amount', value: p.amount },
        ],
      })
    })
  }),
)

export type ItemFormInput = v.InferInput<typeof itemSchema>
export type ItemFormOutput = v.InferOutput<typeof itemSchema>

/** The form's values for an item (or a new one with the business's currency and tax rate). */
export function toItemInput(
  item: Partial<Item>,
  defaults: { currency: string; taxRate: number },
): ItemFormInput {
  const prices = item.prices?.length
    ? item.prices.map((p) => ({ currency: p.currency, amount: toInputAmount(p.cents, p.currency) }))
    : [{ currency: defaults.currency, amount: '' }]
  return {
    name: item.name ?? '',
    description: item.description ?? '',
    sku: item.sku ?? '',
    unit: item.unit ?? '',
    unit_code: item.unit_code ?? '',
    tax_rate: String(item.tax_rate ?? defaults.taxRate),
    vat_category: item.vat_category || 'Z',
    prices,
  }
}

/** What the server takes: prices left empty are dropped, the VAT category only at 0 %. */
export function toItemBody(out: ItemFormOutput) {
  const prices: ItemPrice[] = []
  for (const p of out.prices) {
    const cents = p.amount.trim() ? parseMajor(p.amount, p.currency) : null
    if (cents !== null) prices.push({ currency: p.currency, cents })
  }
  const taxRate = out.tax_rate ? Number(out.tax_rate) : 0
  return {
    name: out.name,
    description: out.description,
    sku: out.sku,
    unit: out.unit,
    unit_code: out.unit_code,
    tax_rate: taxRate,
    vat_category: taxRate > 0 ? '' : out.vat_category,
    prices,
  }
}

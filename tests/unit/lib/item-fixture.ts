import type { Item } from '@/billing/types'

/** A catalogue item named `name` (19 %, no price, active), with `more` over it. */
export const anItem = (name: string, more: Partial<Item> = {}): Item => ({
  id: `item${name.replace(/\W/g, '').toLowerCase().padEnd(11, 'x').slice(0, 11)}`,
  owner: '',
  created: '',
  updated: '',
  name,
  description: '',
  unit: '',
  unit_code: '',
  prices: [],
  tax_rate: 19,
  vat_category: '',
  sku: '',
  archived: false,
  ...more,
})

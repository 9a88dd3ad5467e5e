// The item catalogue's pure rules: which items a line's description finds, in which order, what
// picking one puts in the line, and what "Save as item" makes of a typed line.
import { describe, expect, it } from 'vitest'
import {
  applyFill,
  fillFromItem,
  itemFromLine,
  matchItems,
  priceIn,
  zeroRateCategory,
} from '@/billing/items'
import { anItem as item } from './item-fixture'

const design = item('Design hour', {
  unit: 'h',
  unit_code: 'HUR',
  sku: 'DH-1',
  prices: [
    { currency: 'EUR', cents: 9000 },
    { currency: 'USD', cents: 9900 },
  ],
})
const webDesign = item('Web design package', { description: 'Five pages' })
const desk = item('Desk', { tax_rate: 7 })
const old = item('Deprecated design', { archived: true })
const hosting = item('Hosting', { sku: 'HOST', description: 'Managed design servers' })
const catalogue = [hosting, webDesign, old, desk, design]
const names = (typed: string) => matchItems(catalogue, typed).map((i) => i.name)

describe('matchItems', () => {
  it('ranks a name that starts as typed, then a word that does, then a description', () => {
    expect(names('de')).toEqual(['Design hour', 'Desk', 'Web design package', 'Hosting'])
    expect(names('design')).toEqual(['Design hour', 'Web design package', 'Hosting'])
  })

  it('ignores case and accents, and finds the SKU', () => {
    expect(names('DÉS')).toEqual(['Design hour', 'Desk', 'Web design package', 'Hosting'])
    expect(names('dh-')).toEqual(['Design hour'])
    expect(names('host')).toEqual(['Hosting'])
  })

  it('never offers an archived item, and nothing for nothing typed', () => {
    expect(names('deprecated')).toEqual([])
    expect(names('   ')).toEqual([])
  })

  it('an exact name comes first, and the list is cut at the limit', () => {
    expect(matchItems([webDesign, desk, item('De')], 'de').map((i) => i.name)[0]).toBe('De')
    expect(matchItems(catalogue, 'e', 2)).toHaveLength(2)
  })
})

describe('fillFromItem', () => {
  it('fills name, unit, code, tax rate and the price in the document currency', () => {
    expect(fillFromItem(design, 'EUR', 'en')).toEqual({
      description: 'Design hour',
      unit: 'h',
      unit_code: 'HUR',
      tax_rate: '19',
      unit_price: '90.00',
    })
    expect(fillFromItem(design, 'USD', 'de').unit_price).toBe('99,00')
  })

  it('leaves the price alone when the item has none in that currency (no conversion)', () => {
    const fill = fillFromItem(design, 'GBP', 'en')
    expect(fill).not.toHaveProperty('unit_price')
    expect(priceIn(design, 'GBP')).toBeNull()
    expect(priceIn(design, 'USD')).toBe(9900)
  })

  it('applyFill sets only what the item gives, through the editor setter', () => {
    const line: Record<string, string> = { description: 'x', unit_price: '12.00', tax_rate: '0' }
    applyFill(fillFromItem(desk, 'EUR', 'en'), (k, v) => (line[k] = v))
    expect(line).toEqual({
      description: 'Desk',
      unit: '',
      unit_code: '',
      tax_rate: '7',
      unit_price: '12.00',
    })
  })
})

describe('the VAT category of a 0 % item', () => {
  const exempt = item('Tuition', { tax_rate: 0, vat_category: 'E' })
  const fill = fillFromItem(exempt, 'EUR', 'en')

  it('goes with the pick, not into the line', () => {
    expect(fill.vat_category).toBe('E')
    expect(fillFromItem(item('Taxed', { vat_category: 'E' }), 'EUR', 'en')).not.toHaveProperty(
      'vat_category',
    )
    const line: Record<string, string> = {}
    applyFill(fill, (k, v) => (line[k] = v))
    expect(line).not.toHaveProperty('vat_category')
    expect(line.tax_rate).toBe('0')
  })

  it('becomes the document’s unless another line is already at 0 %', () => {
    expect(zeroRateCategory(fill, [{ tax_rate: '19' }, { tax_rate: '' }], 1)).toBe('E')
    expect(zeroRateCategory(fill, [{ tax_rate: '0' }, { tax_rate: '19' }], 1)).toBeNull()
    expect(zeroRateCategory(fillFromItem(desk, 'EUR', 'en'), [{ tax_rate: '' }], 0)).toBeNull()
  })
})

describe('itemFromLine', () => {
  const typed = {
    description: ' Logo design ',
    unit: 'pc',
    unit_code: '',
    unit_price: '',
    tax_rate: '19',
  }

  it('names the item by the description and prices it in the document currency', () => {
    expect(itemFromLine({ ...typed, unit_price: '1.250,50' }, 'EUR', 'de')).toEqual({
      name: 'Logo design',
      unit: 'pc',
      unit_code: '',
      tax_rate: 19,
      prices: [{ currency: 'EUR', cents: 125050 }],
      archived: false,
    })
  })

  it('makes no price of a price it cannot read, and no item of a line without a description', () => {
    expect(itemFromLine({ ...typed, unit_price: 'abc' }, 'EUR', 'en')?.prices).toEqual([])
    expect(itemFromLine({ ...typed, tax_rate: '7,5' }, 'EUR', 'en')?.tax_rate).toBe(7.5)
    expect(itemFromLine({ ...typed, description: '  ' }, 'EUR', 'en')).toBeNull()
  })
})

// The printed document's blocks: what the HTML sheet and the PDF paint, decided once (sheetOf).
// Every case of tests/vectors/printable.json, and the rules where screen and paper differ.
import { beforeAll, describe, expect, it } from 'vitest'
import { documentLocale } from '@/billing/document-language'
import type { PrintableDocument } from '@/billing/printable'
import { blockOf, sheetOf, type Medium, type Sheet } from '@/billing/sheet'
import { docTranslator, type DocTranslate } from '@/lib/i18n'
import { printableOf, printableVectors, type PrintableVector } from './printable-vectors'

const translators = new Map<string, DocTranslate>()
beforeAll(async () => {
  for (const c of printableVectors.cases) {
    const locale = documentLocale(c.printable)
    translators.set(locale, await docTranslator(locale))
  }
})

function sheet(doc: PrintableDocument, medium: Medium): Sheet {
  return sheetOf(doc, { dt: translators.get(documentLocale(doc))!, medium })
}
function vector(name: string): PrintableVector {
  const c = printableVectors.cases.find((x) => x.name.startsWith(name))
  if (!c) throw new Error(`no vector "${name}"`)
  return c
}

describe('sheetOf on the shared cases', () => {
  it.each(printableVectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const doc = printableOf(c)
    const screen = sheet(doc, 'screen')
    const paper = sheet(doc, 'paper')
    expect(screen.blocks.map((b) => b.kind)).toEqual(c.sheet.screen)
    expect(paper.blocks.map((b) => b.kind)).toEqual(c.sheet.paper)
    const rows = blockOf(paper, 'totals')?.rows ?? []
    expect(rows.map((r) => [r.label.text, r.amount])).toEqual(c.sheet.totals)
    // The column adds up: the total and the rows under it make the last row.
    const total = rows.findIndex((r) => r.ruleAbove)
    const under = rows.slice(total + 1)
    if (under.length) {
      const sum = under.slice(0, -1).reduce((n, r) => n + r.cents, rows[total]!.cents)
      expect(sum).toBe(under.at(-1)!.cents)
    }
    // The screen and paper print the same figures.
    expect(blockOf(screen, 'totals')?.rows).toEqual(rows)
  })
})

describe('where screen and paper differ', () => {
  it('a paid invoice: PAID with the total on screen, no payment block; paper keeps it, with a PAID watermark', () => {
    const doc = printableOf(vector('a paid invoice'))
    const screen = sheet(doc, 'screen')
    const paper = sheet(doc, 'paper')
    expect(blockOf(screen, 'billTo')?.status).toMatchObject({
      paid: true,
      label: 'PAID',
      totalLabel: 'Total',
      amount: '€120.00',
    })
    expect(blockOf(screen, 'payment')).toBeUndefined()
    expect(blockOf(screen, 'watermark')).toBeUndefined()
    expect(blockOf(paper, 'watermark')).toMatchObject({ word: 'PAID', tone: 'green' })
    expect(blockOf(paper, 'payment')?.rows.map((r) => [r.label, r.value])).toEqual([
      ['Account holder', 'Lumen Studio'],
      ['IBAN', 'DE89 3704 0044 0532 0130 00'],
      ['BIC', 'COBADEFFXXX'],
      ['Reference', 'INV-0004'],
    ])
  })

  it('the VAT note: a sentence on screen, a column before the notes on paper', () => {
    const doc = printableOf(vector('a reverse-charge invoice'))
    expect(blockOf(sheet(doc, 'screen'), 'vatNote')?.text).toEqual({
      text: 'VAT: Reverse charge: the customer pays the VAT',
      isolate: 'Reverse charge: the customer pays the VAT',
    })
    expect(blockOf(sheet(doc, 'paper'), 'notes')?.columns).toEqual([
      { heading: 'VAT', body: 'Reverse charge: the customer pays the VAT' },
    ])
  })

  it("a quote's answer is printed on paper (the page around the sheet says it on screen)", () => {
    const accepted = printableOf(vector('an accepted quote'))
    expect(blockOf(sheet(accepted, 'paper'), 'answer')).toEqual({
      kind: 'answer',
      accepted: true,
      heading: 'ACCEPTED',
      body: 'Accepted by Jane Roe on Mar 15, 2026.\nPlease start in April.',
    })
    expect(blockOf(sheet(accepted, 'screen'), 'answer')).toBeUndefined()
    const declined = printableOf(vector('a declined quote'))
    expect(blockOf(sheet(declined, 'paper'), 'answer')?.body).toBe(
      'Declined on Mar 16, 2026.\nReason: Over our budget.',
    )
  })

  it('captions in capitals on paper, as written on screen (the page capitalises them itself)', () => {
    const doc = printableOf(vector('a plain invoice'))
    expect(blockOf(sheet(doc, 'paper'), 'billTo')?.caption).toBe('BILL TO')
    expect(blockOf(sheet(doc, 'screen'), 'billTo')?.caption).toBe('Bill to')
    expect(blockOf(sheet(doc, 'paper'), 'footer')).toEqual({
      kind: 'footer',
      text: 'Invoice INV-0001 · Atelier Lumen GmbH',
      page: 'Page {page} of {pages}',
    })
  })
})

describe('the blocks', () => {
  it('a final invoice: its deposits per rate, then what is still charged, and the balance after them', () => {
    const doc = printableOf(vector('a final invoice'))
    const s = sheet(doc, 'paper')
    expect(blockOf(s, 'heading')?.title).toEqual({
      text: 'Final invoice INV-0007',
      isolate: 'INV-0007',
    })
    expect(blockOf(s, 'deduction')?.table.rows.map((r) => [...r.cells, r.strong])).toEqual([
      ['INV-0002 of Mar 2, 2026', '7%', '−€60.00', '−€4.20', false],
      ['INV-0002 of Mar 2, 2026', '19%', '−€150.00', '−€28.50', false],
      ['INV-0004 of Apr 1, 2026', '7%', '−€24.72', '−€1.73', false],
      ['INV-0004 of Apr 1, 2026', '19%', '−€61.81', '−€11.74', false],
      ['Still charged', '7%', '€115.28', '€8.07', true],
      ['Still charged', '19%', '€288.19', '€54.76', true],
    ])
    expect(blockOf(s, 'billTo')?.status).toMatchObject({ amount: '€466.30', cents: 46630 })
  })

  it('lines: a discount column only when a line has one, each cell formatted', () => {
    const quote = printableOf(vector('a quote with a line discount'))
    const lines = blockOf(sheet(quote, 'paper'), 'lines')!
    expect(lines.heads.discount).toBe('Disc.')
    expect(lines.rows[0]).toMatchObject({
      description: 'Workshop',
      quantity: '2',
      price: '€450.00',
      discount: '10%',
      tax: '19%',
      amount: '€810.00',
    })
    const twoRates = blockOf(sheet(printableOf(vector('two VAT rates')), 'paper'), 'lines')!
    expect(twoRates.heads.discount).toBeNull()
    expect(twoRates.rows.map((r) => r.quantity)).toEqual(['3 pcs', '2.5 h'])
    expect(blockOf(sheet(quote, 'paper'), 'totals')?.rows[1]?.label).toEqual({
      text: 'Discount (5%)',
      isolate: '5%',
    })
  })

  it('a credit note: its total, the invoice it corrects, its reason as the notes', () => {
    const s = sheet(printableOf(vector('a credit note')), 'screen')
    expect(blockOf(s, 'heading')?.dates).toEqual([
      { label: 'Issued', value: 'Mar 10, 2026' },
      { label: 'Corrects invoice', value: 'INV-0003' },
    ])
    expect(blockOf(s, 'billTo')?.status).toMatchObject({
      label: 'Total credited',
      amount: '€20.00',
    })
    expect(blockOf(s, 'notes')?.columns).toEqual([
      { heading: 'Notes', body: 'Two hours not worked.' },
    ])
  })

  it('an Arabic draft: right to left, in Arabic, a draft watermark said to screen readers', () => {
    const s = sheet(printableOf(vector('a draft invoice in Arabic')), 'screen')
    expect(s.dir).toBe('rtl')
    expect(s.locale).toBe('ar')
    const mark = blockOf(s, 'watermark')
    expect(mark?.tone).toBe('grey')
    expect(mark?.word).toMatch(/\p{Script=Arabic}/u)
    expect(mark?.statement).toMatch(/\p{Script=Arabic}/u)
    expect(blockOf(s, 'billTo')?.buyer.name).toBe('شركة المثال')
    // No number yet: no reference to print.
    expect(blockOf(s, 'payment')?.rows.map((r) => r.style)).toEqual(['text', 'iban', 'code'])
  })
})

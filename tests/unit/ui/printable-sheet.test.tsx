// The HTML sheet paints sheetOf's blocks and decides nothing: every shared case
// (tests/vectors/printable.json) shows its totals rows as the blocks print them.
import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PrintableSheet } from '@/billing/ui/documents/PrintableSheet'
import { printableOf, printableVectors } from '../lib/printable-vectors'

function paint(name: string) {
  const c = printableVectors.cases.find((x) => x.name.startsWith(name))
  if (!c) throw new Error(`no vector "${name}"`)
  return { c, ...render(<PrintableSheet doc={printableOf(c)} />) }
}

async function sheet(container: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull())
  return container.querySelector('article')!
}

describe('the printable sheet', () => {
  it.each(printableVectors.cases.map((c) => [c.name] as const))(
    '%s: the totals rows as the blocks say',
    async (name) => {
      const { c, container } = paint(name)
      const totals = within(await sheet(container)).getAllByRole('definition')
      const shown = totals.map((d) => [d.previousElementSibling?.textContent, d.textContent])
      for (const row of c.sheet.totals) expect(shown).toContainEqual(row)
    },
  )

  it('a paid invoice: PAID with its total, and no payment block', async () => {
    const { container } = paint('a paid invoice')
    const article = await sheet(container)
    expect(within(article).getByTestId('sheet-paid')).toHaveTextContent('PAIDTotal€120.00')
    expect(within(article).queryByRole('region', { name: 'How to pay' })).toBeNull()
  })

  it('an open invoice: how to pay, the IBAN in groups', async () => {
    const { container } = paint('a plain invoice')
    const pay = within(await sheet(container)).getByRole('region', { name: 'How to pay' })
    expect(within(pay).getByTestId('iban')).toHaveTextContent('DE89 3704 0044 0532 0130 00')
    expect(within(pay).getByText('INV-0001')).toBeInTheDocument()
  })

  it('reverse charge: the VAT note as a sentence', async () => {
    const { container } = paint('a reverse-charge invoice')
    expect(await sheet(container)).toHaveTextContent(
      'VAT: Reverse charge: the customer pays the VAT',
    )
  })

  it('an Arabic draft: right to left, named as a draft', async () => {
    const { container } = paint('a draft invoice in Arabic')
    const article = await sheet(container)
    expect(article).toHaveAttribute('dir', 'rtl')
    expect(article).toHaveAttribute('lang', 'ar')
    expect(screen.getByRole('article')).toBe(article)
  })
})

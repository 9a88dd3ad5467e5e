import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import type { MonthFigures } from '@/features/dashboard/api/dashboard'

// The direction the chart reads from the preferences; each test sets it.
const prefs = vi.hoisted(() => ({ direction: 'ltr' as 'ltr' | 'rtl' }))
vi.mock('@/lib/use-preferences', () => ({ usePreferences: () => prefs }))

const { MonthlyChart, CHART_HEIGHT } = await import('@/features/dashboard/components/MonthlyChart')

/** Twelve months of 2026, with figures in cents; March is the tallest, June is empty. */
const months: MonthFigures[] = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  invoiced_cents: i === 2 ? 2_199_550 : i === 5 ? 0 : 100_000 * (i + 1),
  collected_cents: i === 5 ? 0 : 50_000 * (i + 1),
}))

const points = () => screen.getAllByRole('img')
const point = (name: RegExp | string) => screen.getByRole('img', { name })
const tooltip = () => screen.queryByTestId('chart-tooltip')
/** The left edge of a month's band (its first child is the band's rect). */
const bandX = (name: RegExp) => Number(point(name).querySelector('rect')?.getAttribute('x'))
const tickLabels = (container: Element) =>
  [...container.querySelectorAll('g[aria-hidden="true"] > g > text')].map((t) => ({
    text: t.textContent,
    x: Number(t.getAttribute('x')),
    y: Number(t.getAttribute('y')),
  }))

afterEach(() => {
  prefs.direction = 'ltr'
})

describe('MonthlyChart: the invoiced vs collected bars', () => {
  it('draws both series for every month, each month named with its figures', () => {
    render(<MonthlyChart months={months} currency="EUR" />)
    const chart = screen.getByRole('group', {
      name: 'Bar chart of invoiced and collected per month',
    })
    expect(within(chart).getAllByRole('img')).toHaveLength(12)
    expect(point('March 2026: invoiced €21,995.50, collected €1,500.00')).toBeInTheDocument()
    expect(point('June 2026: invoiced €0.00, collected €0.00')).toBeInTheDocument()
    // Two bars per month, in the series' colours.
    const bars = point(/^March 2026/).querySelectorAll('path')
    expect([...bars].map((b) => b.getAttribute('fill'))).toEqual(['var(--primary)', '#16a34a'])
  })

  it('has a legend naming the two series', () => {
    render(<MonthlyChart months={months} currency="EUR" />)
    const legend = screen.getByRole('list')
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Invoiced', 'Collected'])
  })

  it('scales the amounts on a currency axis of round steps from €0', () => {
    const { container } = render(<MonthlyChart months={months} currency="EUR" />)
    const labels = tickLabels(container)
    expect(labels.map((l) => l.text)).toEqual(['€0', '€5K', '€10K', '€15K', '€20K', '€25K'])
    // €0 is at the bottom, the axis goes up.
    expect(labels[0]!.y).toBeGreaterThan(labels[5]!.y)
    // The tallest bar (€21,995.50) is drawn a little below the €25K line; empty months have none.
    const top = labels[5]!.y
    const zero = labels[0]!.y
    const march = point(/^March 2026/)
      .querySelector('path')!
      .getAttribute('d')!
    const marchTop = Number(/V([\d.]+)/.exec(march)![1]) - 4
    expect((zero - marchTop) / (zero - top)).toBeCloseTo(21_995.5 / 25_000, 2)
    const june = point(/^June 2026/)
      .querySelector('path')!
      .getAttribute('d')!
    expect(june).toMatch(new RegExp(`^M[\\d.]+,${zero}V${zero}`))
    expect(container.querySelector('svg')).toHaveAttribute('height', String(CHART_HEIGHT))
  })

  it('is one tab stop: the latest month; arrows, Home and End move between months', async () => {
    const user = userEvent.setup()
    render(
      <>
        <button type="button">before</button>
        <MonthlyChart months={months} currency="EUR" />
      </>,
    )
    expect(points().filter((p) => p.getAttribute('tabindex') === '0')).toHaveLength(1)
    await user.tab()
    await user.tab()
    expect(point(/^December 2026/)).toHaveFocus()
    expect(tooltip()).toHaveTextContent('December 2026')
    await user.keyboard('{ArrowLeft}')
    expect(point(/^November 2026/)).toHaveFocus()
    expect(tooltip()).toHaveTextContent('November 2026Invoiced€11,000.00Collected€5,500.00')
    await user.keyboard('{Home}')
    expect(point(/^January 2026/)).toHaveFocus()
    // Going past either end stays on it.
    await user.keyboard('{ArrowLeft}')
    expect(point(/^January 2026/)).toHaveFocus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(point(/^March 2026/)).toHaveFocus()
    expect(point(/^March 2026/)).toHaveAttribute('tabindex', '0')
    expect(point(/^December 2026/)).toHaveAttribute('tabindex', '-1')
    await user.keyboard('{End}')
    expect(point(/^December 2026/)).toHaveFocus()
    // Escape puts the tooltip away; moving on brings it back.
    await user.keyboard('{Escape}')
    expect(tooltip()).toBeNull()
    await user.keyboard('{ArrowLeft}')
    expect(tooltip()).toHaveTextContent('November 2026')
    // Leaving the chart leaves no tooltip, and Tab comes back to the month last visited.
    await user.tab({ shift: true })
    expect(tooltip()).toBeNull()
    await user.tab()
    expect(point(/^November 2026/)).toHaveFocus()
  })

  it('shows a month’s figures in a tooltip while the mouse is over it', () => {
    render(<MonthlyChart months={months} currency="EUR" />)
    expect(tooltip()).toBeNull()
    fireEvent.pointerEnter(point(/^April 2026/))
    expect(tooltip()).toHaveTextContent('April 2026Invoiced€4,000.00Collected€2,000.00')
    expect(tooltip()).toHaveAttribute('aria-hidden', 'true')
    fireEvent.pointerLeave(point(/^April 2026/).closest('div')!, { pointerType: 'mouse' })
    expect(tooltip()).toBeNull()
  })

  it('is mirrored right to left: months from the right, amounts on the right, arrows follow', async () => {
    const ltr = render(<MonthlyChart months={months} currency="EUR" />)
    expect(bandX(/^January/)).toBeLessThan(bandX(/^December/))
    const ltrAxisX = tickLabels(ltr.container)[0]!.x
    ltr.unmount()

    prefs.direction = 'rtl'
    const user = userEvent.setup()
    const { container } = render(<MonthlyChart months={months} currency="EUR" />)
    expect(container.querySelector('svg')).toHaveAttribute('direction', 'rtl')
    expect(bandX(/^January/)).toBeGreaterThan(bandX(/^December/))
    const axisX = tickLabels(container)[0]!.x
    expect(axisX).toBeGreaterThan(bandX(/^January/))
    expect(axisX).toBeGreaterThan(ltrAxisX)
    // In a month, invoiced stands to the right of collected.
    const [first, second] = [...point(/^March/).querySelectorAll('path')]
    expect(first!.getAttribute('fill')).toBe('#16a34a')
    expect(second!.getAttribute('fill')).toBe('var(--primary)')
    await user.tab()
    expect(point(/^December 2026/)).toHaveFocus()
    // The earlier month is to the right now.
    await user.keyboard('{ArrowRight}')
    expect(point(/^November 2026/)).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(point(/^December 2026/)).toHaveFocus()
  })

  it('has no axe violations, with a month focused too', async () => {
    const user = userEvent.setup()
    const { container } = render(
      <main>
        <MonthlyChart months={months} currency="EUR" />
      </main>,
    )
    const check = async () => {
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
      expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    }
    await check()
    await user.tab()
    await check()
  })

  it('draws nothing wrong for an account without figures', () => {
    const empty = months.map((m) => ({ ...m, invoiced_cents: 0, collected_cents: 0 }))
    const { container } = render(<MonthlyChart months={empty} currency="JPY" />)
    expect(point('January 2026: invoiced ¥0, collected ¥0')).toBeInTheDocument()
    expect(tickLabels(container).map((l) => l.text)).toEqual(['¥0', '¥1'])
    expect(container.innerHTML).not.toMatch(/NaN|Infinity/)
  })
})

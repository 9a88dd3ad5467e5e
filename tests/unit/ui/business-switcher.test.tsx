// The header's business switcher is a plain button until it is first opened: the menu and its
// library load then (not with the first screen), and the menu opens at once with the businesses.
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setMemberships, startBusinessContext } from '@/lib/business'
import { BusinessSwitcher } from '@/components/layout/BusinessSwitcher'

describe('the business switcher', () => {
  it('loads its menu on opening, and switches from it', async () => {
    startBusinessContext('u1')
    setMemberships('u1', [
      { id: 'm1', user: 'u1', business: 'b1', role: 'owner', businessName: 'Ada & Co' },
      { id: 'm2', user: 'u1', business: 'b2', role: 'accountant', businessName: 'Bob Ltd' },
    ])
    const onSwitch = vi.fn()
    render(<BusinessSwitcher onSwitch={onSwitch} onCreate={() => {}} />)
    const button = screen.getByRole('button', { name: /Ada & Co/ })
    // A plain button until opened: no menu library in the page yet.
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(button.hasAttribute('data-state')).toBe(false)
    await userEvent.click(button)
    const other = await screen.findByRole('menuitemradio', { name: /Bob Ltd/ })
    expect(screen.getByRole('menu')).toBeTruthy()
    await userEvent.click(other)
    expect(onSwitch).toHaveBeenCalledWith('b2')
  })
})

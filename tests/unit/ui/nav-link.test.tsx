import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { NavLink } from '@/components/layout/NavLink'

describe('a navigation entry', () => {
  it('is the current page only when active, and looks it', () => {
    render(
      <nav>
        <NavLink href="/customers" active>
          Customers
        </NavLink>
        <NavLink href="/settings/profile" active={false} className="whitespace-nowrap">
          Profile
        </NavLink>
      </nav>,
    )
    const current = screen.getByRole('link', { name: 'Customers' })
    expect(current).toHaveAttribute('href', '/customers')
    expect(current).toHaveAttribute('aria-current', 'page')
    expect(current).toHaveClass('bg-accent', 'font-medium')
    const other = screen.getByRole('link', { name: 'Profile' })
    expect(other).not.toHaveAttribute('aria-current')
    expect(other).toHaveClass('text-muted-foreground', 'whitespace-nowrap')
    expect(other).not.toHaveClass('bg-accent')
  })
})

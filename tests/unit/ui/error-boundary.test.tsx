import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ErrorBoundary } from '@/components/error-boundary'

function Boom(): never {
  throw new Error('kaboom in render')
}

describe('the default render-error box', () => {
  it("says 'Something went wrong!' and toggles the error with Show Error / Hide Error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument()
    expect(screen.queryByText(/kaboom in render/)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Show Error' }))
    expect(screen.getByText(/kaboom in render/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }))
    expect(screen.queryByText(/kaboom in render/)).not.toBeInTheDocument()
  })
})

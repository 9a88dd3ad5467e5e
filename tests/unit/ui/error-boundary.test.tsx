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

  it('a screen whose code failed to load offers Try again, which loads the page afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    function Missing(): never {
      throw new TypeError(
        'Failed to fetch dynamically imported module: http://x/assets/InvoicePage-abc.js',
      )
    }
    render(
      <ErrorBoundary>
        <Missing />
      </ErrorBoundary>,
    )
    expect(screen.getByText(/could not be loaded/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(reload).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })

  it('an ordinary render error has no Try again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    )
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })
})

// The app, its tests and its prerendered pages render with React itself (issue 25): nothing
// resolves `react` or `react-dom` to another renderer, and StrictMode's checks run.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { StrictMode, useEffect, version } from 'react'
import { version as domVersion } from 'react-dom'
import { renderToString } from 'react-dom/server'

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

describe('the renderer', () => {
  it('is the React that package.json names, for react and react-dom alike', () => {
    expect(version).toBe(pkg.dependencies.react)
    expect(domVersion).toBe(pkg.dependencies['react-dom'])
    const all = { ...pkg.dependencies, ...pkg.devDependencies }
    expect(Object.keys(all).filter((name) => /preact/.test(name))).toEqual([])
  })

  it('keeps the case of an SVG tabIndex, so a chart point is focusable', () => {
    const { container } = render(
      <svg>
        <g tabIndex={0} role="img" aria-label="point" />
      </svg>,
    )
    expect(container.querySelector('g')?.getAttribute('tabindex')).toBe('0')
  })

  it('runs StrictMode’s checks: an effect is mounted, cleaned up and mounted again', () => {
    const log: string[] = []
    function Probe() {
      useEffect(() => {
        log.push('mount')
        return () => {
          log.push('cleanup')
        }
      }, [])
      return null
    }
    render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    )
    expect(log).toEqual(['mount', 'cleanup', 'mount'])
  })

  it('draws server HTML with React’s own markers, which hydrateRoot expects', () => {
    const html = renderToString(
      <p>
        {'a'}
        {'b'}
      </p>,
    )
    // React separates adjacent text nodes with a comment so hydration finds each one.
    expect(html).toBe('<p>a<!-- -->b</p>')
  })
})

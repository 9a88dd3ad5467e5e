// The browser tab names what is on screen: the route's name from the route table, a record
// page's record on top of it, in the interface's language.
import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { paths } from '@/config/paths'
import { jumpTargets, signedInPages, titleKeyOf } from '@/app/routes'
import { RouteTitle } from '@/app/RouteTitle'
import { useDocumentTitle } from '@/components/layout/document-title'
import { setLocale } from '@/lib/i18n'

afterEach(async () => {
  await act(() => setLocale('en'))
})

const keyFor = (path: string) => {
  const row = signedInPages.find((p) => p.path === path)
  if (!row) throw new Error(`no row ${path}`)
  return titleKeyOf(row)
}

describe('route titles', () => {
  it('names every signed-in route', () => {
    for (const row of signedInPages) expect(titleKeyOf(row), row.path).toBeTruthy()
  })

  it('takes a row’s own title, its sidebar entry, else its area’s entry', () => {
    expect(keyFor(paths.dashboard)).toBe('shell.nav.dashboard')
    expect(keyFor(paths.customers)).toBe('shell.nav.customers')
    expect(keyFor('/invoices/new')).toBe('palette.page.newInvoice')
    expect(keyFor('/invoices/:id')).toBe('shell.nav.invoices')
    expect(keyFor('/quotes/:id/edit')).toBe('shell.nav.quotes')
    expect(keyFor(paths.settingsDisplay)).toBe('settings.nav.display')
    expect(keyFor('/settings/*')).toBe('shell.nav.settings')
    expect(keyFor(paths.profile)).toBe('shell.profile')
  })

  it('offers the named pages without parameters as palette targets', () => {
    const hrefs = jumpTargets.map((p) => p.href)
    expect(hrefs).toEqual(
      expect.arrayContaining([
        paths.dashboard,
        paths.customers,
        paths.invoices,
        paths.quotes,
        paths.payments,
        paths.settingsAccount,
        paths.settingsDisplay,
        '/invoices/new',
      ]),
    )
    expect(hrefs.some((h) => /[:*]/.test(h))).toBe(false)
  })
})

function Record({ title }: { title?: string }) {
  useDocumentTitle(title)
  return null
}

function Screen({ location, record }: { location: string; record?: string }) {
  return (
    <>
      <RouteTitle location={location} />
      {record !== undefined ? <Record title={record} /> : null}
    </>
  )
}

describe('document.title', () => {
  it('follows the route, then the record shown, and goes back when the record goes', () => {
    const view = render(<Screen location="/dashboard" />)
    expect(document.title).toBe('Dashboard · Folio')
    view.rerender(<Screen location="/customers" />)
    expect(document.title).toBe('Customers · Folio')
    view.rerender(<Screen location="/invoices/abc123" record="INV-00121" />)
    expect(document.title).toBe('INV-00121 · Folio')
    view.rerender(<Screen location="/invoices" />)
    expect(document.title).toBe('Invoices · Folio')
    view.unmount()
    expect(document.title).toBe('Folio')
  })

  it('keeps the route’s title while the record is still loading', () => {
    render(<Screen location="/customers/abc" record="" />)
    expect(document.title).toBe('Customers · Folio')
  })

  it('a record’s title set before the route’s (child effects run first) still wins', () => {
    function Both() {
      const [n] = useState('Acme GmbH')
      return (
        <>
          <Record title={n} />
          <RouteTitle location="/customers/abc" />
        </>
      )
    }
    render(<Both />)
    expect(document.title).toBe('Acme GmbH · Folio')
  })

  it('speaks the interface’s language', async () => {
    render(<Screen location="/invoices" />)
    await act(() => setLocale('de'))
    expect(document.title).toBe('Rechnungen · Folio')
    await act(() => setLocale('fr'))
    expect(document.title).toBe('Factures · Folio')
  })
})

describe('signed-out screens', () => {
  it('name themselves by their heading: sign-in, and an error page', async () => {
    const { AuthLayout } = await import('@/features/auth/components/AuthLayout')
    const { ErrorLayout } = await import('@/features/errors/ErrorLayout')
    const view = render(
      <AuthLayout title="Sign in">
        <p>form</p>
      </AuthLayout>,
    )
    expect(document.title).toBe('Sign in · Folio')
    view.unmount()
    expect(document.title).toBe('Folio')
    render(
      <ErrorLayout code="404" title="Page not found" actions={null}>
        <p>gone</p>
      </ErrorLayout>,
    )
    expect(document.title).toBe('Page not found · Folio')
  })
})

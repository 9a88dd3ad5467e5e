import { describe, expect, it } from 'vitest'
import { matchRoute, useRouter } from 'wouter'
import { renderHook } from '@testing-library/react'
import { paths } from '@/config/paths'
import { pages, publicPages, signedInArea, signedInNav, signedInPages } from '@/app/routes'

const { result } = renderHook(() => useRouter())
const parser = result.current.parser
/** The first row that takes a path, as the router's Switch picks it. */
const rowFor = (path: string, rows = pages) => rows.find((r) => matchRoute(parser, r.path, path)[0])

describe('the route table', () => {
  it('has one row per path', () => {
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length)
  })

  it('puts every signed-in page behind the guard, and no public page', () => {
    for (const p of signedInPages)
      expect(signedInArea.test(p.path.replace(/:\w+/g, 'x'))).toBe(true)
    for (const p of publicPages) expect(signedInArea.test(p.path)).toBe(false)
  })

  it('keeps unknown paths under a signed-in area behind the guard (not found inside the app)', () => {
    expect(signedInArea.test('/invoices/abc/nothing-here')).toBe(true)
    expect(rowFor('/invoices/abc/nothing-here', signedInPages)).toBeUndefined()
    expect(signedInArea.test('/invoicesx')).toBe(false)
    expect(signedInArea.test('/nowhere')).toBe(false)
  })

  it('matches record pages before the catch-alls that share their prefix', () => {
    expect(rowFor('/invoices/new')?.path).toBe('/invoices/new')
    expect(rowFor('/invoices/abc123')?.path).toBe('/invoices/:id')
    expect(rowFor('/quotes/abc123/print')?.path).toBe('/quotes/:id/print')
    expect(rowFor('/settings/account')?.path).toBe(paths.settingsAccount)
    expect(rowFor('/settings/nothing')?.path).toBe('/settings/*')
    expect(rowFor('/expenses/new')?.path).toBe('/expenses/new')
    expect(rowFor('/expenses/import')?.path).toBe(paths.expensesImport)
    expect(rowFor('/expenses/abc123')?.path).toBe('/expenses/:id')
    expect(rowFor('/expenses/abc123/edit')?.path).toBe('/expenses/:id/edit')
  })

  it('draws the settings pages in their layout, and only those', () => {
    const inLayout = signedInPages.filter((p) => p.layout).map((p) => p.path)
    expect(inLayout.every((p) => p.startsWith(paths.settings))).toBe(true)
    expect(inLayout).toContain(paths.settingsNotifications)
  })

  it('builds the sidebar from the rows that have a nav entry, in table order', () => {
    expect(signedInNav).toEqual([
      { href: paths.dashboard, label: 'Dashboard' },
      { href: paths.customers, label: 'Customers' },
      { href: paths.items, label: 'Items' },
      { href: paths.expenses, label: 'Expenses' },
      { href: paths.vendors, label: 'Vendors' },
      { href: paths.quotes, label: 'Quotes' },
      { href: paths.invoices, label: 'Invoices' },
      { href: paths.payments, label: 'Payments' },
      { href: paths.bank, label: 'Bank' },
      { href: paths.creditNotes, label: 'Credit notes' },
      { href: paths.recurring, label: 'Recurring' },
      { href: paths.reports, label: 'Reports' },
      { href: paths.settings, label: 'Settings' },
      { href: paths.helpCenter, label: 'Help center' },
    ])
  })

  it('sends a signed-in user away from the sign-in pages only', () => {
    expect(publicPages.filter((p) => p.access === 'signedOut').map((p) => p.path)).toEqual([
      paths.signIn,
      paths.signIn2,
      paths.signUp,
    ])
  })
})

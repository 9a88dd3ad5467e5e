// The command palette's pages: which match what was typed, in which order, and whether they go
// before the customers and documents the server finds.
import { describe, expect, it } from 'vitest'
import { matchPages, offeredTo, type PageEntry } from '@/app/palette/pages'

const pages: PageEntry[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/invoices', label: 'Invoices' },
  { href: '/recurring', label: 'Recurring invoices' },
  { href: '/settings/account', label: 'Account', area: 'Settings' },
  { href: '/settings/display', label: 'Display', area: 'Settings' },
  { href: '/settings/notifications', label: 'Notifications', area: 'Settings' },
  { href: '/help', label: 'Übersicht & Hilfe' },
]
const hrefs = (typed: string) => matchPages(pages, typed).pages.map((p) => p.href)

describe('matchPages', () => {
  it('a page named as typed comes first, before any record', () => {
    expect(matchPages(pages, 'display')).toEqual({ pages: [pages[4]], first: true })
    expect(matchPages(pages, '  DISPLAY ')).toEqual({ pages: [pages[4]], first: true })
  })

  it('ranks an exact name, then a name that starts so, a word that does, a name holding it', () => {
    // "invoices": exact (Invoices), then a later word (Recurring invoices).
    expect(hrefs('invoices')).toEqual(['/invoices', '/recurring'])
    // "inv": Invoices starts so; a word of "Recurring invoices" does (each page listed once).
    expect(hrefs('inv')).toEqual(['/invoices', '/recurring'])
    // "ount": only inside a name.
    expect(matchPages(pages, 'ount')).toEqual({ pages: [pages[3]], first: true })
    // A name that starts so before names that hold it; table order among those.
    expect(hrefs('a')).toEqual([
      '/settings/account',
      '/dashboard',
      '/settings/display',
      '/settings/notifications',
    ])
  })

  it('a page found only by its area comes after the records', () => {
    expect(matchPages(pages, 'settings')).toEqual({
      pages: [pages[3], pages[4], pages[5]],
      first: false,
    })
  })

  it('case and accents do not matter', () => {
    expect(hrefs('uber')).toEqual(['/help'])
    expect(hrefs('HILFE')).toEqual(['/help'])
  })

  it('nothing typed: every page in table order, after the records; no match: none', () => {
    expect(matchPages(pages, '')).toEqual({ pages, first: false })
    expect(matchPages(pages, 'INV-')).toEqual({ pages: [], first: false })
  })
})

describe('offeredTo', () => {
  const targets = [
    { href: '/invoices', key: 'Invoices' },
    { href: '/invoices/new', key: 'New invoice' },
    { href: '/customers/new', key: 'New customer' },
    { href: '/items', key: 'Items' },
    { href: '/items/new', key: 'New item' },
    { href: '/businesses/new', key: 'Create a business' },
  ]
  it('offers every page to a role that writes', () => {
    expect(offeredTo(targets, true)).toHaveLength(6)
  })
  it("leaves out the pages that make a record for one that can't (creating a business stays)", () => {
    expect(offeredTo(targets, false).map((p) => p.href)).toEqual([
      '/invoices',
      '/items',
      '/businesses/new',
    ])
  })
})

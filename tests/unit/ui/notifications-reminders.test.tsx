import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { recordPaths } from '@/config/paths'
import { expiringText, overdueText, remindersLabel } from '@/billing/reminders'

const user = { id: 'u1', notify_overdue: true, notify_quote_expiring: true }
type ListOptions = { filter: string; sort: string }
const lists: Record<string, { items: unknown[]; totalItems: number }> = {}
const getList = vi.fn(async (collection: string, _page: number, _per: number, _o: ListOptions) => {
  return lists[collection] ?? { items: [], totalItems: 0 }
})

vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    filter: (expr: string, params: Record<string, string>) =>
      expr.replace(/\{:(\w+)\}/g, (_, k: string) => `'${params[k]}'`),
    collection: (name: string) => ({
      getOne: async () => ({ ...user }),
      getList: (page: number, per: number, o: ListOptions) => getList(name, page, per, o),
    }),
  }),
}))

const { Reminders } = await import('@/billing/ui/Reminders')
const { setMemberships, startBusinessContext } = await import('@/lib/business')
startBusinessContext('u1')
setMemberships('u1', [{ id: 'm1', user: 'u1', business: 'b1', role: 'owner', businessName: '' }])

describe('reminder sentences', () => {
  it.each([
    [overdueText('INV-00012', 'Acme', 5), 'INV-00012 for Acme is 5 days overdue'],
    [overdueText('INV-00013', 'Acme', 1), 'INV-00013 for Acme is 1 day overdue'],
    [overdueText('INV-00014', undefined, 2), 'INV-00014 is 2 days overdue'],
    [expiringText('QUO-00004', 'Globex', 0), 'QUO-00004 for Globex expires today'],
    [expiringText('QUO-00004', 'Globex', 1), 'QUO-00004 for Globex expires tomorrow'],
    [expiringText('QUO-00004', 'Globex', 7), 'QUO-00004 for Globex expires in 7 days'],
    [remindersLabel(1), '1 reminder'],
    [remindersLabel(3), '3 reminders'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected))
})

function renderBell() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const location = memoryLocation({ path: '/dashboard', record: true })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Reminders />
        <p>page</p>
      </Router>
    </QueryClientProvider>,
  )
  return location
}

describe('the reminders bell', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-15T10:00:00Z'))
    Object.assign(user, { notify_overdue: true, notify_quote_expiring: true })
    lists.invoices = {
      items: [
        {
          id: 'inv000000000001',
          number: 'INV-00012',
          due_date: '2026-03-10 00:00:00.000Z',
          expand: { customer: { name: 'Acme' } },
        },
        {
          id: 'inv000000000002',
          number: 'INV-00015',
          due_date: '2026-03-14 00:00:00.000Z',
          expand: { customer: { name: 'Initech' } },
        },
      ],
      totalItems: 2,
    }
    lists.quotes = {
      items: [
        {
          id: 'quo000000000001',
          number: 'QUO-00004',
          expiry_date: '2026-03-18 00:00:00.000Z',
          expand: { customer: { name: 'Globex' } },
        },
      ],
      totalItems: 1,
    }
  })
  afterEach(() => {
    vi.useRealTimers()
    getList.mockClear()
  })

  it('counts what is due and lists each reminder as a link to its record', async () => {
    const location = renderBell()
    const bell = await screen.findByRole('button', { name: '3 reminders' })
    const [inv, quo] = ['invoices', 'quotes'].map(
      (c) => getList.mock.calls.find((call) => call[0] === c)?.[3],
    )
    expect(inv?.filter).toContain("due_date < '2026-03-15 00:00:00.000Z'")
    // Only the current business's: the person may belong to others.
    expect(inv?.filter).toMatch(/^business = 'b1' && \(/)
    expect(quo?.filter).toMatch(/^business = 'b1' && \(/)
    expect(quo?.filter).toContain("expiry_date >= '2026-03-15 00:00:00.000Z'")
    expect(quo?.filter).toContain("expiry_date < '2026-03-23 00:00:00.000Z'")
    await userEvent.click(bell)
    const row = await screen.findByRole('menuitem', {
      name: 'INV-00012 for Acme is 5 days overdue',
    })
    expect(row).toHaveAttribute('href', recordPaths.invoice('inv000000000001'))
    expect(
      screen.getByRole('menuitem', { name: 'INV-00015 for Initech is 1 day overdue' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('menuitem', { name: 'QUO-00004 for Globex expires in 3 days' }),
    ).toHaveAttribute('href', recordPaths.quote('quo000000000001'))
    await userEvent.click(row)
    expect(location.history.at(-1)).toBe(recordPaths.invoice('inv000000000001'))
  })

  it('opens from the keyboard (its menu loads on the first press) and Escape gives focus back', async () => {
    renderBell()
    const bell = await screen.findByRole('button', { name: '3 reminders' })
    expect(bell).toHaveAttribute('aria-haspopup', 'menu')
    bell.focus()
    await userEvent.keyboard('{Enter}')
    expect(
      await screen.findByRole('menuitem', { name: 'INV-00012 for Acme is 5 days overdue' }),
    ).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: '3 reminders' })).toHaveFocus()
    // Opened again, it is the same menu, without loading anything.
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('menu')).toBeInTheDocument()
  })

  it('asks only for what the user wants to be reminded of', async () => {
    user.notify_quote_expiring = false
    renderBell()
    expect(await screen.findByRole('button', { name: '2 reminders' })).toBeInTheDocument()
    expect(getList.mock.calls.map((c) => c[0])).toEqual(['invoices'])
  })

  it('shows nothing when both reminders are off', async () => {
    Object.assign(user, { notify_overdue: false, notify_quote_expiring: false })
    renderBell()
    await screen.findByText('page')
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(getList).not.toHaveBeenCalled()
  })

  it('shows nothing when nothing is due', async () => {
    lists.invoices = { items: [], totalItems: 0 }
    lists.quotes = { items: [], totalItems: 0 }
    renderBell()
    await expect.poll(() => getList.mock.calls.length).toBe(2)
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { paths, recordPaths } from '@/config/paths'
import {
  businessReady,
  FIRST_RUN_INVOICES,
  setupItems,
  showChecklist,
  type SetupFacts,
} from '@/features/dashboard/setup'

// The account as the server has it: its business settings and how many records it holds.
const account = {
  seller: { company_name: '', company_address: '', default_currency: 'EUR' },
  customers: 0,
  invoices: 0,
}
const getList = vi.fn(async (collection: string) => ({
  items: [],
  totalItems: collection === 'customers' ? account.customers : account.invoices,
}))
vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    filter: (expr: string) => expr,
    collection: (name: string) => ({
      getList: () => getList(name),
      getOne: async () => ({ id: 'u1', ...account.seller }),
    }),
  }),
}))

const { SetupChecklist } = await import('@/features/dashboard/components/SetupChecklist')
const { inBusiness } = await import('./business-fixture')
inBusiness()

const none: SetupFacts = {
  business: false,
  customers: 0,
  invoices: 0,
  installed: false,
  twoFactor: false,
}

describe('the setup steps and when the card shows', () => {
  it('a new account has everything to do', () => {
    expect(setupItems(none).map((i) => [i.step, i.done])).toEqual([
      ['business', false],
      ['customer', false],
      ['invoice', false],
      ['install', false],
      ['twoFactor', false],
    ])
    expect(showChecklist(none, false)).toBe(true)
  })
  it.each<[string, Partial<SetupFacts>, boolean, boolean]>([
    ['halfway', { business: true, customers: 1 }, false, true],
    [
      'basics done, first invoices, no 2FA yet',
      { business: true, customers: 1, invoices: 1 },
      false,
      true,
    ],
    [
      'basics done and in use (the demo): not shown for install and 2FA',
      { business: true, customers: 12, invoices: FIRST_RUN_INVOICES + 1 },
      false,
      false,
    ],
    [
      'many invoices but no business details yet: shown',
      { customers: 12, invoices: 40 },
      false,
      true,
    ],
    [
      'everything done',
      { business: true, customers: 1, invoices: 1, installed: true, twoFactor: true },
      false,
      false,
    ],
    ['hidden by the user', {}, true, false],
  ])('%s', (_name, facts, hidden, shown) => {
    expect(showChecklist({ ...none, ...facts }, hidden)).toBe(shown)
  })
  it('the business step needs a name, an address and a currency', () => {
    expect(
      businessReady({ company_name: 'Ada Ltd', company_address: '1 Way', default_currency: 'EUR' }),
    ).toBe(true)
    expect(
      businessReady({ company_name: 'Ada Ltd', company_address: '  ', default_currency: 'EUR' }),
    ).toBe(false)
    expect(
      businessReady({ company_name: '', company_address: '1 Way', default_currency: 'EUR' }),
    ).toBe(false)
    expect(
      businessReady({ company_name: 'Ada Ltd', company_address: '1 Way', default_currency: '' }),
    ).toBe(false)
  })
})

describe('the checklist card', () => {
  beforeEach(() => {
    localStorage.clear()
    getList.mockClear()
    account.seller = { company_name: '', company_address: '', default_currency: 'EUR' }
    account.customers = 0
    account.invoices = 0
  })
  afterEach(() => localStorage.clear())

  function renderCard(twoFactor = false) {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const location = memoryLocation({ path: '/dashboard' })
    return render(
      <QueryClientProvider client={qc}>
        <Router hook={location.hook}>
          <SetupChecklist userId="u1" twoFactor={twoFactor} />
        </Router>
      </QueryClientProvider>,
    )
  }
  const steps = async () => {
    const card = await screen.findByRole('region', { name: 'Get started with Folio' })
    return within(card)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent)
  }

  it('lists each step as done or to do, with the progress and the ways to do them', async () => {
    account.seller = { company_name: 'Ada Ltd', company_address: '1 Way', default_currency: 'EUR' }
    account.customers = 1
    renderCard()
    expect(await steps()).toEqual([
      'Done: Add your business name, address and currency',
      'Done: Add your first customer',
      'To do: Create your first invoice',
      'To do: Install the app',
      'To do: Turn on two-factor authentication',
    ])
    expect(screen.getByText('2 of 5 done')).toBeVisible()
    expect(
      screen.getByRole('list', { name: 'Get started with Folio' }),
    ).toHaveAccessibleDescription('2 of 5 done')
    expect(screen.getByRole('link', { name: 'Create an invoice' })).toHaveAttribute(
      'href',
      recordPaths.invoiceNew,
    )
    expect(screen.getByRole('link', { name: 'Open security settings' })).toHaveAttribute(
      'href',
      paths.settingsSecurity,
    )
    // Done steps have no action any more.
    expect(screen.queryByRole('link', { name: 'Add a customer' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Open business settings' })).toBeNull()
    // Without the browser's prompt, the install step says how.
    expect(screen.getByText(/choose Install in the address bar/)).toBeVisible()
  })

  it('a new account starts at 0 of 5, with 2FA counted from the user', async () => {
    renderCard(true)
    expect((await steps()).at(-1)).toBe('Done: Turn on two-factor authentication')
    expect(screen.getByText('1 of 5 done')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Add a customer' })).toHaveAttribute(
      'href',
      recordPaths.customerNew,
    )
    expect(screen.getByRole('link', { name: 'Open business settings' })).toHaveAttribute(
      'href',
      paths.settingsBusiness,
    )
  })

  it('offers the browser install prompt, and ticks the step once installed (remembered)', async () => {
    renderCard()
    await screen.findByText('0 of 5 done')
    const prompt = vi.fn(async () => undefined)
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    })
    act(() => void window.dispatchEvent(event))
    expect(event.defaultPrevented).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Install Folio' }))
    expect(prompt).toHaveBeenCalledOnce()
    expect(await screen.findByText('1 of 5 done')).toBeVisible()
    expect(localStorage.getItem('folio.installed')).toBe('1')
  })

  it('ticks the install step on appinstalled', async () => {
    renderCard()
    await screen.findByText('0 of 5 done')
    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(await screen.findByText('1 of 5 done')).toBeVisible()
    expect((await steps())[3]).toBe('Done: Install the app')
  })

  it('can be hidden, and stays hidden for this user on this device', async () => {
    const first = renderCard()
    await screen.findByText('0 of 5 done')
    await userEvent.click(screen.getByRole('button', { name: 'Hide the checklist' }))
    expect(screen.queryByRole('region', { name: 'Get started with Folio' })).toBeNull()
    first.unmount()
    renderCard()
    await vi.waitFor(() => expect(getList).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('region', { name: 'Get started with Folio' })).toBeNull()
  })

  it.each([
    ['every step is done', 1, true],
    ['the account is in use, such as the demo (2FA off, not installed)', 48, false],
  ])('is gone when %s', async (_name, invoices, allDone) => {
    account.seller = {
      company_name: 'Demo Co',
      company_address: '4 Quay Street',
      default_currency: 'EUR',
    }
    account.customers = 12
    account.invoices = invoices
    if (allDone) localStorage.setItem('folio.installed', '1')
    const { container } = renderCard(allDone)
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(2))
    await new Promise((r) => setTimeout(r, 20))
    expect(container).toBeEmptyDOMElement()
  })

  it('shows for the same account while it has its first invoices only', async () => {
    account.seller = {
      company_name: 'Demo Co',
      company_address: '4 Quay St',
      default_currency: 'EUR',
    }
    account.customers = 1
    account.invoices = 1
    renderCard(false)
    expect(await screen.findByText('3 of 5 done')).toBeVisible()
  })
})

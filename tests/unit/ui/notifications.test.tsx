import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider, onlineManager } from '@tanstack/react-query'
import { dataSessionFor } from '@/lib/data-session'
import { registerWrites } from '@/lib/writes'

const stored = { notify_overdue: true, notify_quote_expiring: false }
const update = vi.fn(async (_id: string, body: Record<string, unknown>) => {
  Object.assign(stored, body)
  return { id: 'u1', ...stored }
})
const getOne = vi.fn(async (id: string) => ({ id, ...stored }))
const collections: string[] = []
const notify = vi.fn()

vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    collection: (name: string) => {
      collections.push(name)
      return { getOne, update }
    },
  }),
}))
vi.mock('@/lib/auth-context', () => ({ useAuthSelector: () => ({ id: 'u1', name: 'Ada' }) }))
vi.mock('@/lib/toast', () => ({ notify: (...args: unknown[]) => notify(...args) }))

const { default: NotificationsPage } = await import('@/features/settings/NotificationsPage')
const { billingWrites } = await import('@/billing/writes')
registerWrites(billingWrites)
const { setMemberships, startBusinessContext } = await import('@/lib/business')
startBusinessContext('u1')
const member = (role: 'owner' | 'member') => ({
  id: 'm1',
  user: 'u1',
  business: 'b1',
  role,
  businessName: 'Ada & Co',
})
setMemberships('u1', [member('owner')])
const session = dataSessionFor('u1', 'b1')
const noEffects = { sessionExpired() {}, serverError() {}, mutationFailed() {} }

const overdueLabel = 'Remind me when an invoice becomes overdue'
const expiringLabel = 'Remind me when a quote is about to expire'

function renderPage() {
  const qc = session.client
  qc.mount()
  render(
    <QueryClientProvider client={qc}>
      <NotificationsPage />
    </QueryClientProvider>,
  )
}

describe('/settings/notifications', () => {
  let stop = () => {}
  beforeEach(() => {
    Object.assign(stored, { notify_overdue: true, notify_quote_expiring: false })
    setMemberships('u1', [member('owner')])
    collections.length = 0
    stop = session.start(noEffects)
  })
  afterEach(() => {
    stop()
    onlineManager.setOnline(true)
    session.client.clear()
    session.client.getMutationCache().clear()
    update.mockClear()
    getOne.mockClear()
    notify.mockClear()
  })

  it('shows the preferences stored on the current business', async () => {
    renderPage()
    expect(await screen.findByRole('checkbox', { name: overdueLabel })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: expiringLabel })).not.toBeChecked()
    expect(getOne).toHaveBeenCalledWith('b1')
    expect(collections).toEqual(['businesses'])
  })

  it('a member sees who can change them, and no box that would fail', async () => {
    setMemberships('u1', [member('member')])
    renderPage()
    expect(
      await screen.findByText("Only owners and admins can change the business's notifications."),
    ).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('turning a reminder on saves that field alone, then says so', async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('checkbox', { name: expiringLabel }))
    await expect.poll(() => notify.mock.calls.length).toBe(1)
    expect(update).toHaveBeenCalledTimes(1)
    expect(update).toHaveBeenCalledWith('b1', { notify_quote_expiring: true })
    expect(notify).toHaveBeenCalledWith('success', 'Notification settings saved')
    expect(screen.getByRole('checkbox', { name: expiringLabel })).toBeChecked()
  })

  it('turning a reminder off saves false', async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('checkbox', { name: overdueLabel }))
    await expect.poll(() => update.mock.calls.length).toBe(1)
    expect(update).toHaveBeenCalledWith('b1', { notify_overdue: false })
    expect(screen.getByRole('checkbox', { name: overdueLabel })).not.toBeChecked()
  })

  it('offline, the change is kept on this device and sent once back online', async () => {
    renderPage()
    const box = await screen.findByRole('checkbox', { name: expiringLabel })
    onlineManager.setOnline(false)
    await userEvent.click(box)
    await expect.poll(() => notify.mock.calls.length).toBe(1)
    expect(notify).toHaveBeenCalledWith(
      'info',
      'Saved on this device — it will be sent when you are back online',
    )
    expect(update).not.toHaveBeenCalled()
    expect(box).toBeChecked()
    onlineManager.setOnline(true)
    await expect.poll(() => update.mock.calls.length).toBe(1)
    expect(update).toHaveBeenCalledWith('b1', { notify_quote_expiring: true })
  })

  it('a refusal is shown and the box goes back to the stored value', async () => {
    update.mockImplementationOnce(async () => {
      throw Object.assign(new Error('Failed'), {
        status: 400,
        response: { message: 'Failed to update record.' },
      })
    })
    renderPage()
    await userEvent.click(await screen.findByRole('checkbox', { name: expiringLabel }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update record.')
    await expect
      .poll(
        () => (screen.getByRole('checkbox', { name: expiringLabel }) as HTMLInputElement).checked,
      )
      .toBe(false)
    expect(notify).not.toHaveBeenCalled()
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { dataSessionFor } from '@/lib/data-session'
import { registerWrites } from '@/lib/writes'
import { can } from '@/lib/roles'
import type { Role } from '@/lib/business'

const stored: Record<string, unknown> = { company_name: 'Ada & Co', require_mfa: false }
const update = vi.fn(async (_id: string, body: Record<string, unknown>) => {
  Object.assign(stored, body)
  return { id: 'b1', ...stored }
})
const getOne = vi.fn(async (id: string) => ({ id, ...stored }))
const send = vi.fn(async (_path: string, _o?: unknown) => ({}))
const notify = vi.fn()

vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({ collection: () => ({ getOne, update }), send }),
}))
vi.mock('@/lib/auth-context', () => ({ useAuthSelector: () => ({ id: 'u1', name: 'Ada' }) }))
vi.mock('@/lib/toast', () => ({ notify: (...args: unknown[]) => notify(...args) }))

const { BusinessSecuritySection } =
  await import('@/features/settings/components/BusinessSecuritySection')
const { CloseBusinessSection } = await import('@/features/settings/components/CloseBusinessSection')
const { TwoFactorGate, needsSecondFactor } = await import('@/features/team/TwoFactorGate')
const { billingWrites } = await import('@/billing/writes')
registerWrites(billingWrites)
const { setMemberships, startBusinessContext, setMembershipRefresher } =
  await import('@/lib/business')
startBusinessContext('u1')
const inBusiness = (role: Role, extra: { closed?: boolean; requireMfa?: boolean } = {}) =>
  setMemberships('u1', [
    { id: 'm1', user: 'u1', business: 'b1', role, businessName: 'Ada & Co', ...extra },
  ])
const session = dataSessionFor('u1', 'b1')
const noEffects = { sessionExpired() {}, serverError() {}, mutationFailed() {} }

function renderIn(ui: React.ReactNode) {
  const qc = session.client
  qc.mount()
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>)
}

const requireLabel = 'Every member of Ada & Co signs in with two factors'
const closedSentence = 'This business is closed: its records can be read, not changed.'

let stop = () => {}
beforeEach(() => {
  Object.assign(stored, { company_name: 'Ada & Co', require_mfa: false })
  inBusiness('owner')
  stop = session.start(noEffects)
})
afterEach(() => {
  stop()
  session.client.clear()
  session.client.getMutationCache().clear()
  update.mockClear()
  send.mockClear()
  notify.mockClear()
  setMembershipRefresher(null)
})

describe('a closed business is read-only for every role', () => {
  it.each(['owner', 'admin', 'member', 'accountant'] as const)('%s', (role) => {
    expect(can(role, 'read', true)).toBe(true)
    expect(can(role, 'write', true)).toBe(false)
    expect(can(role, 'manage', true)).toBe(false)
    expect(can(role, 'own', true)).toBe(false)
    expect(can(role, 'export', true)).toBe(can(role, 'export'))
  })
  it('an open business keeps what the role gives', () => {
    expect(can('member', 'write')).toBe(true)
    expect(can('owner', 'own', false)).toBe(true)
  })
})

describe('business security on /settings/security', () => {
  it('an owner turns the rule on through the settings write, and is told', async () => {
    const refreshed = vi.fn(async () => {})
    setMembershipRefresher(refreshed)
    renderIn(<BusinessSecuritySection />)
    const box = await screen.findByRole('checkbox', { name: requireLabel })
    expect(box).not.toBeChecked()
    await userEvent.click(box)
    await expect.poll(() => notify.mock.calls.length).toBe(1)
    expect(update).toHaveBeenCalledWith('b1', { require_mfa: true })
    expect(notify).toHaveBeenCalledWith(
      'success',
      'Two-factor sign-in is now required in Ada & Co.',
    )
    expect(box).toBeChecked()
    // The gate reads the rule from the memberships: they are read again.
    await expect.poll(() => refreshed.mock.calls.length).toBeGreaterThan(0)
  })

  it("the server's refusal for someone without 2FA is said as its sentence", async () => {
    const sentence =
      'Turn on two-factor sign-in for your own account first (Settings → Security): otherwise this would lock you out.'
    update.mockImplementationOnce(async () => {
      throw Object.assign(new Error('refused'), {
        status: 400,
        response: { code: 'folio_require_mfa_self', message: sentence },
      })
    })
    renderIn(<BusinessSecuritySection />)
    await userEvent.click(await screen.findByRole('checkbox', { name: requireLabel }))
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence)
    await expect
      .poll(
        () => (screen.getByRole('checkbox', { name: requireLabel }) as HTMLInputElement).checked,
      )
      .toBe(false)
  })

  it.each(['member', 'accountant'] as const)('a %s reads who can, with no box', (role) => {
    inBusiness(role)
    renderIn(<BusinessSecuritySection />)
    expect(screen.getByRole('note')).toHaveTextContent(
      "Only owners and admins can change the business's security settings.",
    )
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})

describe('the 2FA gate', () => {
  it.each([
    [true, false, '/invoices', true],
    [true, false, '/dashboard', true],
    [true, false, '/settings/members', true],
    [true, false, '/settings/security', false],
    [true, false, '/settings/account', false],
    [true, false, '/profile', false],
    [true, true, '/invoices', false],
    [false, false, '/invoices', false],
  ])('require %s, 2FA %s, %s → gated %s', (requireMfa, totp, location, gated) => {
    expect(needsSecondFactor(requireMfa, totp, location)).toBe(gated)
  })

  it('says what is asked and links to where 2FA is set up', () => {
    renderIn(<TwoFactorGate business="Ada & Co" />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Ada & Co asks for two-factor sign-in',
    )
    expect(screen.getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/settings/security',
    )
  })
})

describe('closing a business', () => {
  it('the owner types the name; the close route gets it, and the memberships are read again', async () => {
    const refreshed = vi.fn(async () => {})
    setMembershipRefresher(refreshed)
    renderIn(<CloseBusinessSection />)
    await userEvent.click(screen.getByRole('button', { name: 'Close this business…' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('read and export')
    const field = screen.getByLabelText('Type Ada & Co to confirm')
    await userEvent.type(field, 'Ada & C')
    await userEvent.click(screen.getByRole('button', { name: 'Close business' }))
    expect(
      await screen.findByText("Type the business's name exactly as it is written."),
    ).toBeInTheDocument()
    expect(send).not.toHaveBeenCalled()
    await userEvent.type(field, 'o')
    await userEvent.click(screen.getByRole('button', { name: 'Close business' }))
    await expect.poll(() => send.mock.calls.length).toBe(1)
    expect(send).toHaveBeenCalledWith('/api/folio/businesses/b1/close', {
      method: 'POST',
      body: { confirm: 'Ada & Co' },
    })
    await expect.poll(() => refreshed.mock.calls.length).toBe(1)
    expect(notify).toHaveBeenCalledWith('success', 'Ada & Co is closed.')
  })

  it.each(['admin', 'member', 'accountant'] as const)('a %s reads that only owners can', (role) => {
    inBusiness(role)
    renderIn(<CloseBusinessSection />)
    expect(screen.getByRole('note')).toHaveTextContent('Only owners can close the business.')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('once closed, the section goes, and a role note says the business is closed', () => {
    renderIn(<BusinessSecuritySection />)
    expect(screen.queryByRole('note')).toBeNull()
    act(() => inBusiness('owner', { closed: true }))
    expect(screen.getByRole('note')).toHaveTextContent(closedSentence)
    expect(screen.queryByRole('checkbox')).toBeNull()
    const { container } = renderIn(<CloseBusinessSection />)
    expect(container).toBeEmptyDOMElement()
  })
})

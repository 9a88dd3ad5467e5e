import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createActor, waitFor as waitForState } from 'xstate'
import { provideAuth } from '@machines/auth/provide'
import { selectUser } from '@machines/auth/selectors'
import type { AuthPorts } from '@machines/auth/types'
import { AuthActorContext, useAuthSelector } from '@/lib/auth-context'
import { fakePorts, rejected, session } from '../machines/fake-ports'

// The server, as the SDK's send() answers: the status route and the regenerate route.
const server = {
  status: { enabled: true, backupCodesLeft: 7 },
  regenerate: vi.fn(async (_code: string): Promise<{ backupCodes: string[] }> => {
    throw new Error('not expected')
  }),
}
const send = vi.fn(async (path: string, opts: { body?: { code: string } }) => {
  if (path.endsWith('/otp-status')) return server.status
  if (path.endsWith('/regenerate-backup-codes')) return server.regenerate(opts.body?.code ?? '')
  throw new Error(`unexpected ${path}`)
})
vi.mock('@/lib/pocketbase/instance', () => ({
  AUTH_STORE_KEY: 'pocketbase_auth',
  loadPb: async () => ({ send }),
}))
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }))

const { TwoFactorSection } = await import('@/features/settings/components/TwoFactorSection')

/** What the SDK throws for a refusal of server/internal/refusal. */
const refused = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), {
    status,
    isAbort: false,
    response: { status, message, data: { '@refusal': { code, message } } },
  })

function Section() {
  const user = useAuthSelector(selectUser)
  return user ? <TwoFactorSection user={user} /> : null
}

async function renderSection(totpEnabled: boolean, overrides: Partial<AuthPorts> = {}) {
  const { ports, rec } = fakePorts({
    readStoredSession: async () => session({ totpEnabled }),
    refresh: async () => session({ totpEnabled }),
    ...overrides,
  })
  const actor = createActor(provideAuth(ports)).start()
  await waitForState(actor, (s) => s.matches('signedIn'))
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <AuthActorContext.Provider value={actor}>
        <Section />
      </AuthActorContext.Provider>
    </QueryClientProvider>,
  )
  return { actor, rec, user: userEvent.setup() }
}

/** The error said at a field (wired to it by aria-describedby). */
const fieldError = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

afterEach(() => {
  server.status = { enabled: true, backupCodesLeft: 7 }
  server.regenerate.mockReset()
  send.mockClear()
})

describe('the 2FA section says why a code was refused', () => {
  it('enabling: the server’s reason at the code field, beside the SPEC toast', async () => {
    const { rec, user } = await renderSection(false, {
      requestTotpSetup: async () => ({
        qrCode: 'data:,',
        secret: 'ABC',
        backupCodes: ['aaaaa-bbbbb'],
      }),
      confirmTotp: () => Promise.reject(rejected(400, 'Invalid 2FA code.')),
    })
    await user.click(screen.getByRole('button', { name: 'Set up 2FA' }))
    const input = await screen.findByLabelText('Code from your app')
    await user.type(input, '123456')
    await user.type(screen.getByLabelText('Account password'), 'current-pw')
    await user.click(screen.getByRole('button', { name: 'Enable 2FA' }))
    await waitFor(() => expect(fieldError(input)).toContain('Invalid 2FA code.'))
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(rec.notices.map((n) => n.message)).toContain('Failed to enable 2FA')
    // Typing again clears the reason.
    await user.type(input, '1')
    expect(fieldError(input)).not.toContain('Invalid 2FA code.')
  })

  it('disabling with a spent backup code says it was used', async () => {
    const { rec, user } = await renderSection(true, {
      disableTotp: () => Promise.reject(rejected(400, 'This backup code has already been used.')),
    })
    const input = screen.getByLabelText('Code to disable 2FA')
    await user.type(input, 'aaaaa-bbbbb')
    await user.type(screen.getByLabelText('Account password'), 'current-pw')
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }))
    await waitFor(() =>
      expect(fieldError(input)).toContain('This backup code has already been used.'),
    )
    expect(rec.notices.map((n) => n.message)).toContain('Failed to disable 2FA')
  })
})

describe('turning 2FA on or off asks for the current password', () => {
  it('says so at the password field and sends nothing without it', async () => {
    const disableTotp = vi.fn(async () => session({ totpEnabled: false }).user)
    const { user } = await renderSection(true, { disableTotp })
    await user.type(screen.getByLabelText('Code to disable 2FA'), 'aaaaa-bbbbb')
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }))
    const password = screen.getByLabelText('Account password')
    await waitFor(() => expect(fieldError(password)).toContain('Enter your current password'))
    expect(disableTotp).not.toHaveBeenCalled()
    await user.type(password, 'current-pw')
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }))
    await waitFor(() =>
      expect(disableTotp).toHaveBeenCalledWith({ code: 'aaaaa-bbbbb', password: 'current-pw' }),
    )
  })
})

describe('backup codes left', () => {
  it('says how many are left, without a warning above 2', async () => {
    await renderSection(true)
    expect(await screen.findByText('7 backup codes left')).toBeInTheDocument()
    expect(screen.queryByText(/Make new ones now/)).not.toBeInTheDocument()
  })

  it.each([
    [2, '2 backup codes left'],
    [1, '1 backup code left'],
    [0, '0 backup codes left'],
  ])('warns at %i', async (left, text) => {
    server.status = { enabled: true, backupCodesLeft: left }
    await renderSection(true)
    const warning = (await screen.findByText(text)).closest('[role="status"]') as HTMLElement
    expect(within(warning).getByText(/Make new ones now/)).toBeInTheDocument()
  })

  it('is not asked for while 2FA is off', async () => {
    await renderSection(false)
    expect(screen.getByRole('button', { name: 'Set up 2FA' })).toBeInTheDocument()
    expect(send).not.toHaveBeenCalled()
  })
})

describe('making new backup codes', () => {
  it('asks for a current code, shows the server’s refusal, then the new codes once', async () => {
    server.status = { enabled: true, backupCodesLeft: 1 }
    const { user } = await renderSection(true)
    await screen.findByText('1 backup code left')
    await user.click(screen.getByRole('button', { name: 'Make new backup codes' }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText('Code from your authenticator app')

    server.regenerate.mockRejectedValueOnce(
      refused(400, 'folio_invalid_2fa_code', 'Invalid 2FA code.'),
    )
    await user.type(input, '654321')
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }))
    await waitFor(() => expect(fieldError(input)).toContain('Invalid 2FA code.'))

    const codes = Array.from({ length: 10 }, (_, i) => `k7m2p-x9q${String(i).padStart(2, '2')}`)
    server.regenerate.mockResolvedValueOnce({ backupCodes: codes })
    await user.clear(input)
    await user.type(input, '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }))
    const list = await within(dialog).findByRole('list', { name: 'Your new backup codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes)
    expect(server.regenerate).toHaveBeenLastCalledWith('123456')
    expect(await screen.findByText('10 backup codes left')).toBeInTheDocument()

    // Closed, the codes are gone: they are shown once.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Make new backup codes' }))
    const again = await screen.findByRole('dialog')
    expect(within(again).queryByRole('list')).not.toBeInTheDocument()
  })

  it('refuses a code that is not 6 digits without asking the server', async () => {
    const { user } = await renderSection(true)
    await user.click(screen.getByRole('button', { name: 'Make new backup codes' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('Code from your authenticator app'), '12')
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }))
    expect(
      await within(dialog).findByText('Enter the 6-digit code from your app'),
    ).toBeInTheDocument()
    expect(server.regenerate).not.toHaveBeenCalled()
  })
})

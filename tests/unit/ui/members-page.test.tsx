import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const members = [
  {
    membership: 'm1',
    user: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    role: 'owner',
    since: '',
    last_active: '',
  },
  {
    membership: 'm2',
    user: 'u2',
    name: 'Ben',
    email: 'ben@example.com',
    role: 'member',
    since: '',
    last_active: '2026-11-20 09:00:00.000Z',
  },
  {
    membership: 'm3',
    user: 'u3',
    name: 'Cleo',
    email: 'cleo@example.com',
    role: 'owner',
    since: '',
    last_active: '',
  },
]
const send = vi.fn(async (path: string, _o?: unknown) => (path.endsWith('/members') ? members : {}))
const getFullList = vi.fn(async () => [
  { id: 'i1', email: 'dan@example.com', role: 'accountant', expires: '2026-12-04 10:00:00.000Z' },
])
vi.mock('@/lib/pocketbase/instance', () => ({
  loadPb: async () => ({
    send,
    filter: (raw: string) => raw,
    collection: () => ({ getFullList }),
  }),
}))
vi.mock('@/lib/toast', () => ({ notify: vi.fn() }))
vi.mock('@/lib/auth-context', () => ({
  useAuthSelector: () => ({ id: 'u1', name: 'Ada', email: 'ada@example.com' }),
}))

const { default: MembersPage } = await import('@/features/team/MembersPage')
const { inBusiness } = await import('./business-fixture')

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <MembersPage />
    </QueryClientProvider>,
  )
}

describe('/settings/members', () => {
  it('an owner sees each member with role and last activity, invitations, and invites with a role', async () => {
    inBusiness('owner')
    renderPage()
    const list = await screen.findByRole('list', { name: 'Members' })
    const ben = within(list).getByText('Ben').closest('li')!
    expect(within(ben).getByRole('combobox', { name: 'Role of Ben' })).toHaveValue('member')
    expect(ben).toHaveTextContent(/Last activity: Nov 20, 2026/)
    expect(within(list).getByText('Ada (you)')).toBeInTheDocument()
    expect(await screen.findByText('dan@example.com')).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Revoke the invitation to dan@example.com' }),
    ).toBeVisible()
    const roles = within(screen.getByRole('combobox', { name: 'Role' }))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(roles).toEqual(['Owner', 'Admin', 'Member', 'Accountant'])
    await userEvent.type(screen.getByLabelText('Email'), 'eve@example.com')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'accountant')
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(send).toHaveBeenCalledWith('/api/folio/businesses/b1/invitations', {
      method: 'POST',
      body: { email: 'eve@example.com', role: 'accountant' },
    })
  })

  it('an admin may not make owners nor change an owner', async () => {
    inBusiness('admin')
    renderPage()
    const list = await screen.findByRole('list', { name: 'Members' })
    const cleo = within(list).getByText('Cleo').closest('li')!
    expect(within(cleo).queryByRole('combobox')).toBeNull()
    expect(within(cleo).queryByRole('button', { name: 'Remove Cleo' })).toBeNull()
    const roles = within(screen.getByRole('combobox', { name: 'Role' }))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(roles).toEqual(['Admin', 'Member', 'Accountant'])
  })

  it('a member or accountant reads the list, with who can change it instead of controls', async () => {
    inBusiness('accountant')
    renderPage()
    const list = await screen.findByRole('list', { name: 'Members' })
    expect(within(list).queryByRole('combobox')).toBeNull()
    expect(within(list).queryByRole('button', { name: /^Remove/ })).toBeNull()
    expect(screen.getByRole('note')).toHaveTextContent(
      'Only owners and admins can invite members and change roles. Accountants can read and download, not change.',
    )
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull()
    // Leaving is one's own right.
    expect(within(list).getByRole('button', { name: /^Leave/ })).toBeVisible()
  })
})

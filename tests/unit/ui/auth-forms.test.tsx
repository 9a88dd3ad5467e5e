import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'

const authSend = vi.fn()
const requestPasswordReset = vi.fn(async (_email: string) => {})
vi.mock('@/lib/auth-context', () => ({
  useAuthSelector: () => null,
  useAuthActor: () => ({ send: authSend }),
}))
vi.mock('@/features/auth/api/account', () => ({
  requestPasswordReset,
  listOAuth2Providers: async () => [],
  beginOAuth2: vi.fn(),
}))

const { default: SignUpPage } = await import('@/features/auth/SignUpPage')
const { default: ForgotPasswordPage } = await import('@/features/auth/ForgotPasswordPage')
const { SignInForm } = await import('@/features/auth/components/SignInForm')

/** Types each value into the input with that label. */
function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } })
  }
}

describe('the sign-up form', () => {
  it('shows each wrong field and sends nothing, then sends the checked values', async () => {
    render(<SignUpPage />)
    fill({ Email: 'not-an-email', Password: 'long-enough-1', 'Confirm password': 'something' })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    // The checks load with the first submit (or the first keystroke): the messages follow.
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument()
    expect(authSend).not.toHaveBeenCalled()

    fill({ Name: '  Ada  ', Email: ' ada@example.com ', 'Confirm password': 'long-enough-1' })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull())
    expect(screen.queryByText("Passwords don't match")).toBeNull()
    const ada = { name: 'Ada', email: 'ada@example.com', password: 'long-enough-1' }
    expect(authSend).toHaveBeenCalledExactlyOnceWith({ type: 'user.register', ...ada })
  })
})

describe('the forgot-password form', () => {
  it('asks for an email first, then requests the reset for the trimmed address', async () => {
    render(<ForgotPasswordPage />)
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument()
    expect(requestPasswordReset).not.toHaveBeenCalled()

    fill({ Email: ' ada@example.com ' })
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText(/If an account exists for ada@example.com/)).toBeInTheDocument()
    expect(requestPasswordReset).toHaveBeenCalledExactlyOnceWith('ada@example.com')
  })
})

describe('the email field', () => {
  it('names an existing account on sign-in and a new address on sign-up', () => {
    const email = () => screen.getByLabelText('Email', { selector: 'input' })
    const { unmount } = render(<SignInForm />)
    expect(email()).toHaveAttribute('autocomplete', 'username')
    expect(email()).toHaveAttribute('type', 'email')
    expect(email()).toHaveFocus()
    unmount()
    render(<SignUpPage />)
    expect(email()).toHaveAttribute('autocomplete', 'email')
    expect(email()).not.toHaveFocus()
  })
})

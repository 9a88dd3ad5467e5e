import { describe, expect, it } from 'vitest'
import { authMessages, describeAuthError, describeProfileError } from '@machines/auth/messages'
import { safeRedirect, signInHref } from '@machines/auth/redirect'

describe('describeAuthError (SPEC §8 table, first matching row wins)', () => {
  it.each([
    [
      { status: 401, message: 'Invalid login credentials.' },
      'Invalid email or password. Check console for test credentials.',
    ],
    [{ status: 400, message: 'Invalid login credentials.' }, 'Invalid email or password'],
    [{ status: 404, message: 'User not found' }, 'No account found with this email'],
    [
      { status: 400, message: 'Request failed with 401' },
      'Invalid credentials. Check console for test account.',
    ],
    [{ status: 400, message: 'Something specific.' }, 'Something specific.'],
    [{ status: 0, message: '' }, 'An authentication error occurred'],
    [{ status: 0, message: '   ' }, 'An authentication error occurred'],
  ])('%o → %s', (error, expected) => {
    expect(describeAuthError(error)).toBe(expected)
  })

  it('handles no error at all', () => {
    expect(describeAuthError(null)).toBe('An authentication error occurred')
  })
})

describe('describeProfileError (SPEC §5)', () => {
  it.each(['name', 'company', 'avatar'])(
    'a 400 about an unknown %s field → the setup message',
    (field) => {
      expect(
        describeProfileError({ kind: 'server', status: 400, message: `Unknown field "${field}"` }),
      ).toBe(authMessages.customFieldsMissing)
    },
  )

  it('other failures keep their message or fall back', () => {
    expect(
      describeProfileError({ kind: 'server', status: 400, message: 'Name is too long.' }),
    ).toBe('Name is too long.')
    expect(describeProfileError({ kind: 'server', status: 500, message: '' })).toBe(
      'Failed to update profile',
    )
  })
})

describe('safeRedirect', () => {
  it.each([
    ['/invoices?page=2', '/invoices?page=2'],
    ['/settings/account#2fa', '/settings/account#2fa'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['\\\\evil.example', '/dashboard'],
    ['https://evil.example/x', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['dashboard', '/dashboard'],
    ['', '/dashboard'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected)
  })

  it('the parameter must be a string', () => {
    expect(safeRedirect(['/a', '/b'])).toBe('/dashboard')
    expect(safeRedirect(undefined)).toBe('/dashboard')
  })

  it('signInHref keeps the original path and query', () => {
    expect(signInHref('/invoices?page=2')).toBe('/sign-in?redirect=%2Finvoices%3Fpage%3D2')
    expect(signInHref('/')).toBe('/sign-in')
  })
})

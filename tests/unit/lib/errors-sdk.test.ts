import { describe, expect, it } from 'vitest'
import { isNetworkError, toFailure } from '@/lib/errors'

/** Errors shaped like the SDK's ClientResponseError. */
const sdk = (status: number, extra: Record<string, unknown> = {}) => ({
  status,
  message: 'x',
  response: {},
  ...extra,
})

describe('SDK errors as the auth chart sees them', () => {
  it.each([
    ['unreachable', sdk(0), 'network'],
    // A refresh cut short by leaving or reloading the page must not end the session.
    ['aborted', sdk(0, { isAbort: true }), 'network'],
    ['a TypeError from fetch', new TypeError('Failed to fetch'), 'network'],
    ['401', sdk(401, { response: { message: 'The request requires valid token.' } }), 'server'],
    ['400', sdk(400), 'server'],
  ])('%s is a %s failure', (_, error, kind) => {
    expect(toFailure(error).kind).toBe(kind)
  })

  it('an aborted request is not retried as a network failure', () => {
    expect(isNetworkError(sdk(0, { isAbort: true }))).toBe(false)
  })

  it('field messages of a refusal are kept', () => {
    const f = toFailure(
      sdk(400, { response: { message: 'Bad', data: { email: { message: 'Taken' } } } }),
    )
    expect(f).toMatchObject({
      kind: 'server',
      status: 400,
      message: 'Bad',
      fields: { email: 'Taken' },
    })
  })
})

describe('auth answers cut short', () => {
  const answer = (path: string, ok = true) =>
    ({ ok, url: `http://127.0.0.1:8090${path}` }) as Response

  it.each([
    '/api/collections/users/auth-refresh',
    '/api/collections/users/auth-with-password',
    '/api/collections/users/auth-with-otp',
    '/api/collections/users/auth-with-oauth2',
  ])('a 200 from %s without a token is rejected as unreachable', async (path) => {
    const { rejectCutAuthAnswers } = await import('@/lib/pocketbase/client')
    expect(() => rejectCutAuthAnswers(answer(path), {})).toThrow(TypeError)
    expect(isNetworkError(new TypeError('x'))).toBe(true)
    expect(rejectCutAuthAnswers(answer(path), { token: 't', record: {} })).toEqual({
      token: 't',
      record: {},
    })
  })

  it('other answers, and refusals, pass through untouched', async () => {
    const { rejectCutAuthAnswers } = await import('@/lib/pocketbase/client')
    expect(rejectCutAuthAnswers(answer('/api/collections/users/auth-methods'), {})).toEqual({})
    expect(rejectCutAuthAnswers(answer('/api/collections/invoices/records'), {})).toEqual({})
    expect(
      rejectCutAuthAnswers(answer('/api/collections/users/auth-with-password', false), {}),
    ).toEqual({})
  })
})

import { describe, expect, it } from 'vitest'
import { ClientResponseError } from 'pocketbase'
import { mutationErrorMessage, queryFailureAction, shouldRetryQuery } from '@/lib/errors'

const err = (status: number, response: Record<string, unknown> = {}) =>
  new ClientResponseError({ status, response, url: '/api/x' })

describe('query retry policy (SPEC §9)', () => {
  it.each([401, 403])('never retries a %i', (status) => {
    expect(shouldRetryQuery(0, err(status))).toBe(false)
  })

  it('retries anything else up to 3 more times', () => {
    for (const e of [err(500), err(0), new Error('x')]) {
      expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, e))).toEqual([true, true, true, false])
    }
  })
})

describe('query failures (SPEC §8)', () => {
  it('401 ends the session, 500 goes to the error page, others do nothing', () => {
    expect(queryFailureAction(err(401))).toEqual({ kind: 'sessionExpired' })
    expect(queryFailureAction(err(500))).toEqual({ kind: 'serverError' })
    expect(queryFailureAction(err(404))).toEqual({ kind: 'none' })
    expect(queryFailureAction(new Error('x'))).toEqual({ kind: 'none' })
  })
})

describe('mutation error messages (SPEC §8)', () => {
  it.each([
    [err(304), 'Content not modified!'],
    [err(204), 'Content not found.'],
    [err(400, { title: 'Over the balance' }), 'Over the balance'],
    [err(400, { message: 'Failed to create record.' }), 'Failed to create record.'],
    [err(0), 'Something went wrong!'],
    [new Error('boom'), 'Something went wrong!'],
  ])('%#: %s', (error, expected) => {
    expect(mutationErrorMessage(error)).toBe(expected)
  })
})

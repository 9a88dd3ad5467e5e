import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SEND_LIMITS } from '@/billing/send-limits'

describe('send limits', () => {
  it('states the limits the server enforces (tests/vectors/send-limits.json)', () => {
    const v = JSON.parse(readFileSync('tests/vectors/send-limits.json', 'utf8')) as {
      per_account_hour: number
      per_document_hour: number
    }
    expect(SEND_LIMITS).toEqual({
      perAccountHour: v.per_account_hour,
      perDocumentHour: v.per_document_hour,
    })
  })
})

// The operator's line about the replica on /settings/account: refused, behind, starting, up to date.
import { describe, expect, it } from 'vitest'
import { t } from '@/lib/i18n'
import { replicaLine } from '@/features/settings/components/ReplicaSection'
import type { ReplicaState } from '@/features/settings/api/data'

const base: ReplicaState = {
  where: 's3://books/folio',
  running: true,
  behind_seconds: 0,
  last_upload: '2026-11-27T10:00:00Z',
  error: '',
  failing_since: '0001-01-01T00:00:00Z',
}

describe('replicaLine', () => {
  it('says the replica is refused, and why, before anything else', () => {
    const line = replicaLine(
      {
        ...base,
        behind_seconds: 42,
        error: 'connection refused',
        failing_since: '2026-11-27T09:00:00Z',
      },
      t,
    )
    expect(line).toMatch(/^Not reached since .*2026.*, retrying on its own: connection refused$/)
  })
  it('says how far behind', () => {
    expect(replicaLine({ ...base, behind_seconds: 1.26 }, t)).toBe('1.3 s behind.')
  })
  it('says it is starting when nothing was uploaded yet (Go zero time)', () => {
    expect(replicaLine({ ...base, last_upload: '0001-01-01T00:00:00Z' }, t)).toBe(
      'Starting: nothing has been uploaded since the server started.',
    )
  })
  it('says when the last writes arrived', () => {
    expect(replicaLine(base, t)).toMatch(/^Up to date: the last writes reached it at .*2026/)
  })
})

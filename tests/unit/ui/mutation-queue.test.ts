import { afterEach, describe, expect, it } from 'vitest'
import { onlineManager } from '@tanstack/react-query'
import { dataClient, isPending, isRefused, refusalMessage } from '@/lib/data-client'
import { describeMutation, mutationKeys } from '@/lib/mutations'
import { runQueued } from '@/lib/mutation-queue'

/** An error shaped like the SDK's ClientResponseError. */
const refused = (status: number, message: string) =>
  Object.assign(new Error(message), { status, response: { message }, isAbort: false })

const key = ['test', 'write'] as const
const sent: unknown[] = []
let answer: (vars: unknown) => Promise<unknown> = async (vars) => vars

function setup() {
  const qc = dataClient()
  // As the app's provider does: a mounted client resumes paused writes when the network returns.
  qc.mount()
  qc.setMutationDefaults([...key], {
    mutationFn: (vars: unknown) => {
      sent.push(vars)
      return answer(vars)
    },
  })
  return qc
}

afterEach(() => {
  onlineManager.setOnline(true)
  dataClient().getMutationCache().clear()
  sent.length = 0
  answer = async (vars) => vars
})

describe('the write queue', () => {
  it('online, a write resolves with the server answer', async () => {
    setup()
    await expect(runQueued([...key], { n: 1 })).resolves.toEqual({ queued: false, data: { n: 1 } })
    expect(sent).toEqual([{ n: 1 }])
  })

  it('offline, writes are queued, then sent once each, in order, when back online', async () => {
    const qc = setup()
    onlineManager.setOnline(false)
    await expect(runQueued([...key], { n: 1 })).resolves.toEqual({ queued: true })
    await expect(runQueued([...key], { n: 2 })).resolves.toEqual({ queued: true })
    expect(sent).toEqual([])
    expect(qc.getMutationCache().getAll().filter(isPending)).toHaveLength(2)
    onlineManager.setOnline(true)
    await expect.poll(() => sent.length).toBe(2)
    expect(sent).toEqual([{ n: 1 }, { n: 2 }])
    await expect.poll(() => qc.getMutationCache().getAll().filter(isPending).length).toBe(0)
    expect(
      qc
        .getMutationCache()
        .getAll()
        .every((m) => m.meta?.queued === true),
    ).toBe(true)
  })

  it('a queued write the server refuses is kept, with its input and the reason', async () => {
    const qc = setup()
    answer = async () => {
      throw refused(400, 'Company is too long.')
    }
    onlineManager.setOnline(false)
    await expect(runQueued([...key], { company: 'X Ltd' })).resolves.toEqual({ queued: true })
    onlineManager.setOnline(true)
    await expect.poll(() => qc.getMutationCache().getAll().filter(isRefused).length).toBe(1)
    const [m] = qc.getMutationCache().getAll().filter(isRefused)
    expect(m && refusalMessage(m)).toBe('Company is too long.')
    expect(m?.state.variables).toEqual({ company: 'X Ltd' })
    expect(sent).toEqual([{ company: 'X Ltd' }])
  })

  it('says what a queued profile change was', () => {
    const qc = dataClient()
    const m = qc.getMutationCache().build(qc, { mutationKey: [...mutationKeys.profileUpdate] }, {
      variables: { userId: 'u1', changes: { name: 'Ada', company: 'X Ltd' } },
    } as never)
    expect(describeMutation(m as Parameters<typeof describeMutation>[0])).toBe(
      'Profile: name “Ada”, company “X Ltd”',
    )
  })

  it('a network failure is not a refusal: the write waits and is retried', async () => {
    const qc = setup()
    let calls = 0
    answer = async (vars) => {
      calls++
      if (calls === 1)
        throw Object.assign(new Error('Failed to fetch'), {
          status: 0,
          response: {},
          isAbort: false,
        })
      return vars
    }
    const result = await runQueued([...key], { n: 3 })
    expect(result).toEqual({ queued: false, data: { n: 3 } })
    expect(calls).toBe(2)
    expect(qc.getMutationCache().getAll().filter(isRefused)).toHaveLength(0)
  })
})

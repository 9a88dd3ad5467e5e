/**
 * Model-based coverage of the auth chart with @xstate/graph.
 *
 * The graph is traversed purely (`machine.transition`), with every event of EVENTS that the
 * state can take (`snapshot.can`). Invoke results are plain events of the model
 * (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`), and so is the one delayed transition
 * (`xstate.after.refreshAhead…`), so nothing is left out of the coverage checks. Every path is
 * then replayed on a live actor built with `provideAuth`: async ports are deferred fakes settled
 * when the path says so, store and network events go through the listeners the fake watchStore
 * and watchNetwork captured, and the refresh timer runs on a manual clock. After every step the
 * live actor must match the chart run purely along the same events: state value, context, and
 * the effects asked for (notices, navigations, clearSession).
 *
 * Vertices are keyed by the edge that reached them (previous state value, event, state value),
 * not by the state value alone: shortest paths to every vertex then take every (configuration,
 * event) edge of the chart once, self-loops and edges into already-seen states included. Keying
 * by value alone would only give a spanning tree, and miss most transitions.
 */
import { describe, expect, it } from 'vitest'
import {
  createActor,
  initialTransition,
  transition,
  type AnyStateNode,
  type StateValue,
  type TransitionDefinition,
} from 'xstate'
import { getShortestPaths, serializeEvent, type StatePath } from '@xstate/graph'
import {
  authMachine,
  OFFLINE_RETRY_MS,
  REFRESH_LEAD_MS,
  type AuthEvent,
  type AuthSnapshot,
} from '@machines/auth/auth.machine'
import { provideAuth } from '@machines/auth/provide'
import { signInHref } from '@machines/auth/redirect'
import type { AuthPorts, Notice, TotpSetup } from '@machines/auth/types'
import { NOW, fakePorts, network, rejected, session, user } from './fake-ports'

/** The chart's events plus the ones its invokes and its timer produce. */
type ModelEvent =
  | AuthEvent
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` }

const AFTER_REFRESH_AHEAD = 'xstate.after.refreshAhead.auth.signedIn.session.online'
const AFTER_OFFLINE_RETRY = 'xstate.after.offlineRetry.auth.signedIn.session.offline'

const totpSetup: TotpSetup = { qrCode: 'otpauth://totp/x', secret: 'S3CR3T', backupCodes: ['a-1'] }
const done = (id: string, output?: unknown): ModelEvent => ({
  type: `xstate.done.actor.${id}`,
  output,
})
const failed = (id: string, error: unknown): ModelEvent => ({
  type: `xstate.error.actor.${id}`,
  error,
})

const EVENTS: ModelEvent[] = [
  // The user.
  { type: 'user.signIn', email: ' ada@example.com ', password: 'pw', redirect: '/quotes' },
  { type: 'user.completeOAuth2', code: 'c0de', state: 'st4te', redirect: '/invoices' },
  { type: 'user.submitMfaCode', code: ' 123456 ' },
  { type: 'user.cancelMfa' },
  { type: 'user.register', email: 'bob@example.com', password: 'pw' },
  { type: 'user.signOut' },
  { type: 'user.updateProfile', changes: { name: 'Ada L.' } },
  { type: 'user.startTotpSetup' },
  { type: 'user.confirmTotp', code: '654321', password: 'pw' },
  { type: 'user.cancelTotpSetup' },
  { type: 'user.disableTotp', code: '111111', password: 'pw' },
  { type: 'user.dismissError' },
  // The outside world.
  { type: 'store.changed', session: session({ name: 'Ada (other tab)' }) },
  { type: 'store.changed', session: null },
  { type: 'session.expired', redirect: '/quotes?page=2' },
  { type: 'network.online' },
  { type: AFTER_REFRESH_AHEAD },
  { type: AFTER_OFFLINE_RETRY },
  // Invoke results.
  done('readStoredSession', session()),
  done('readStoredSession', null),
  failed('readStoredSession', new Error('storage unavailable')),
  done('refresh', session({ name: 'Ada (refreshed)' })),
  failed('refresh', { kind: 'network', status: 0, message: '' }),
  failed('refresh', { kind: 'server', status: 401, message: 'x' }),
  done('backgroundRefresh', session({ name: 'Ada (refreshed)' })),
  failed('backgroundRefresh', network),
  failed('backgroundRefresh', rejected(401, 'x')),
  ...['signIn', 'signInWithOAuth2', 'register'].flatMap((id) => [
    done(id, { kind: 'signedIn', session: session() }),
    done(id, { kind: 'mfaRequired', mfaId: 'm1' }),
    failed(id, rejected(400, 'Failed to authenticate.')),
  ]),
  // Sign-up with a taken address: the sign-in after it is refused, the app says to read the mail.
  failed('register', { kind: 'checkEmail', status: 400, message: '' }),
  done('verifyMfa', session()),
  failed('verifyMfa', rejected(400, 'Invalid or expired MFA code.')),
  done('signOut'),
  failed('signOut', network),
  done('updateProfile', { user: { ...user, name: 'Ada L.' }, queued: false }),
  done('updateProfile', { user: { ...user, name: 'Ada (queued)' }, queued: true }),
  failed('updateProfile', rejected(400, 'Failed to update record.', { name: 'Too long.' })),
  done('requestTotpSetup', totpSetup),
  failed('requestTotpSetup', network),
  done('confirmTotp', { ...user, totpEnabled: true }),
  failed('confirmTotp', rejected(400, 'Invalid code.')),
  done('disableTotp', { ...user, totpEnabled: false }),
  failed('disableTotp', rejected(400, 'Invalid code.')),
]

// ---------------------------------------------------------------------------------------------
// The chart, as data.

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)]
}
const chartNodes = allNodes(authMachine.root)

/** Every transition of the chart, each guarded branch on its own. */
const chartTransitions = new Map<TransitionDefinition<never, never>, string>()
for (const node of chartNodes) {
  for (const [eventType, branches] of node.transitions) {
    branches.forEach((t, i) =>
      chartTransitions.set(t as TransitionDefinition<never, never>, `${node.id} ${eventType}#${i}`),
    )
  }
}

/** Ids of the state nodes a state value has active (the root included). */
function activeIds(value: StateValue, node: AnyStateNode = authMachine.root): string[] {
  if (typeof value === 'string') {
    const child = node.states[value]
    return child ? [node.id, child.id] : [node.id]
  }
  return [
    node.id,
    ...Object.entries(value).flatMap(([key, sub]) => {
      const child = node.states[key]
      return child && sub !== undefined ? activeIds(sub, child) : []
    }),
  ]
}

// ---------------------------------------------------------------------------------------------
// The paths.

type Path = StatePath<AuthSnapshot, AuthEvent>
const asModel = (e: AuthEvent) => e as ModelEvent

const paths: Path[] = getShortestPaths(authMachine, {
  events: (s) => (EVENTS as AuthEvent[]).filter((e) => s.can(e)),
  serializeState: (s, event, prev) =>
    JSON.stringify([prev?.value ?? null, event ? serializeEvent(event) : null, s.value]),
})

/** The paths not a prefix of another one: replaying these replays every step of all. */
const prefixes = new Set(paths.map((p) => key(p.steps.slice(0, -1))))
const leaves = paths.filter((p) => !prefixes.has(key(p.steps)))
function key(steps: Path['steps']) {
  return steps.map((s) => serializeEvent(s.event)).join(' ')
}

// ---------------------------------------------------------------------------------------------
// The live actor.

/** Which port each invoke calls. */
const portOf: Record<string, keyof AuthPorts> = {
  readStoredSession: 'readStoredSession',
  refresh: 'refresh',
  backgroundRefresh: 'refresh',
  signIn: 'signIn',
  signInWithOAuth2: 'signInWithOAuth2',
  verifyMfa: 'verifyMfa',
  register: 'register',
  signOut: 'signOut',
  updateProfile: 'updateProfile',
  requestTotpSetup: 'requestTotpSetup',
  confirmTotp: 'confirmTotp',
  disableTotp: 'disableTotp',
}

interface Deferred {
  resolve(value: unknown): void
  reject(error: unknown): void
}

/** Async ports whose calls wait until the replay settles them. */
function deferredPorts() {
  const pending = new Map<keyof AuthPorts, Deferred>()
  const port = (name: keyof AuthPorts) => () =>
    new Promise((resolve, reject) => {
      pending.set(name, { resolve, reject })
    })
  const overrides = Object.fromEntries(
    [...new Set(Object.values(portOf))].map((name) => [name, port(name)]),
  ) as Partial<AuthPorts>
  return { overrides, pending }
}

/** A clock whose timers run only when told to. */
function manualClock() {
  let nextId = 1
  const timers = new Map<number, { fn: () => void; ms: number }>()
  return {
    timers,
    setTimeout(fn: () => void, ms: number) {
      timers.set(nextId, { fn, ms })
      return nextId++
    },
    clearTimeout(id: number) {
      timers.delete(id)
    },
  }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

function describePath(path: Path, upTo: number) {
  return path.steps
    .slice(1, upTo + 1)
    .map((s) => s.event.type)
    .join(' → ')
}

interface Expected {
  snapshot: AuthSnapshot
  notices: Notice[]
  navigations: string[]
  cleared: number
}

/**
 * The path run on the chart alone (pure `transition`), with the effects it asks for. The graph's
 * own snapshots cannot serve: a vertex keeps the snapshot of whichever route reached it last, so
 * its context may come from another path.
 */
function expectedRun(path: Path, location: string): Expected[] {
  const runs: Expected[] = []
  let notices: Notice[] = []
  let navigations: string[] = []
  let cleared = 0
  let snapshot: AuthSnapshot | undefined
  for (const step of path.steps) {
    const [next, actions] = snapshot
      ? transition(authMachine, snapshot, step.event)
      : initialTransition(authMachine)
    for (const a of actions) {
      const params = a.params as { to: string } & Notice & { redirect?: string }
      if (a.type === 'notify') notices = [...notices, params]
      if (a.type === 'navigate') navigations = [...navigations, params.to]
      if (a.type === 'goToSignIn')
        navigations = [...navigations, signInHref(params.redirect ?? location)]
      if (a.type === 'clearSession') cleared++
    }
    snapshot = next
    runs.push({ snapshot, notices, navigations, cleared })
  }
  return runs
}

/** Each path's pure run, once; the fakes start at the same location every time. */
const runs = new Map<Path, Expected[]>()
function runOf(path: Path) {
  let run = runs.get(path)
  if (!run) runs.set(path, (run = expectedRun(path, fakePorts().rec.location)))
  return run
}

async function replay(path: Path) {
  const { overrides, pending } = deferredPorts()
  const { ports, rec } = fakePorts(overrides)
  const expected = runOf(path)
  const clock = manualClock()
  const actor = createActor(provideAuth(ports), { clock }).start()
  try {
    for (const [i, step] of path.steps.entries()) {
      const event = asModel(step.event)
      const where = `after ${describePath(path, i) || 'start'}`
      if (i > 0) {
        const [, kind, , id = ''] = event.type.split('.')
        if (event.type === AFTER_REFRESH_AHEAD) {
          const timers = [...clock.timers.values()]
          expect(
            timers.map((t) => t.ms),
            where,
          ).toEqual([session().expiresAt - REFRESH_LEAD_MS - NOW])
          clock.timers.clear()
          timers[0]?.fn()
        } else if (event.type === AFTER_OFFLINE_RETRY) {
          const timers = [...clock.timers.values()]
          expect(
            timers.map((t) => t.ms),
            where,
          ).toEqual([OFFLINE_RETRY_MS])
          clock.timers.clear()
          timers[0]?.fn()
        } else if ('output' in event || 'error' in event) {
          const port = portOf[id]
          const call = port && pending.get(port)
          expect(call, `${where}: ${id} was not called`).toBeDefined()
          pending.delete(port as keyof AuthPorts)
          if (kind === 'done') call?.resolve((event as { output?: unknown }).output)
          else call?.reject((event as { error: unknown }).error)
        } else if (event.type === 'store.changed') {
          rec.storeListener?.(event.session)
        } else if (event.type === 'network.online') {
          rec.networkListener?.()
        } else {
          actor.send(event as AuthEvent)
        }
      }
      await flush()
      const live = actor.getSnapshot()
      const want = expected[i] as Expected
      expect(live.value, where).toEqual(step.state.value)
      expect(
        {
          value: live.value,
          context: live.context,
          notices: rec.notices,
          navigations: rec.navigations,
          cleared: rec.cleared,
        },
        where,
      ).toEqual({
        value: want.snapshot.value,
        context: want.snapshot.context,
        notices: want.notices,
        navigations: want.navigations,
        cleared: want.cleared,
      })
    }
  } finally {
    actor.stop()
  }
}

// ---------------------------------------------------------------------------------------------

describe('auth chart, model-based', () => {
  const reachedIds = new Set(paths.flatMap((p) => p.steps.flatMap((s) => activeIds(s.state.value))))
  const taken = new Set<TransitionDefinition<never, never>>()
  for (const p of paths) {
    const run = runOf(p)
    for (let i = 1; i < p.steps.length; i++) {
      const from = run[i - 1]?.snapshot
      const step = p.steps[i]
      if (!from || !step) continue
      for (const t of authMachine.getTransitionData(from, step.event))
        taken.add(t as TransitionDefinition<never, never>)
    }
  }

  console.log(
    `auth chart: ${paths.length} paths (${leaves.length} replayed, ${leaves.reduce((n, p) => n + p.steps.length, 0)} steps), ` +
      `${reachedIds.size}/${chartNodes.length} state nodes, ${taken.size}/${chartTransitions.size} transitions`,
  )

  it('every path starts at start-up', () => {
    for (const p of paths) {
      expect(p.steps[0]?.event.type).toBe('xstate.init')
      expect(p.steps[0]?.state.value).toBe('checkingSession')
    }
  })

  it('reaches every state node', () => {
    const ids = chartNodes.map((n) => n.id)
    expect(ids.filter((id) => !reachedIds.has(id))).toEqual([])
    expect(reachedIds.size).toBe(ids.length)
  })

  it('takes every transition, each guarded branch included', () => {
    const missed = [...chartTransitions].filter(([t]) => !taken.has(t)).map(([, name]) => name)
    expect(missed).toEqual([])
    expect(taken.size).toBe(chartTransitions.size)
  })

  it('the live actor (provideAuth with deferred ports) follows every path', async () => {
    for (const p of leaves) await replay(p)
  })

  // A store change while offline once set `offline: false` while the region stayed offline.
  it('while the session region is offline, context.offline says so', () => {
    const wrong = new Set<string>()
    for (const p of paths) {
      runOf(p).forEach(({ snapshot }, i) => {
        if (snapshot.matches({ signedIn: { session: 'offline' } }) && !snapshot.context.offline)
          wrong.add(describePath(p, i))
      })
    }
    expect([...wrong]).toEqual([])
  })
})

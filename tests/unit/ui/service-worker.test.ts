// The service worker's registration in prompt mode (src/app/service-worker.ts): the first version
// says the app works offline; a new one waits for Reload, then takes over and reloads once.
import { describe, expect, it, vi } from 'vitest'
import { registerWorker, type WorkerContainer } from '@/app/service-worker'

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  postMessage = vi.fn()
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  found(worker: FakeWorker) {
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
  }
}

function setup({ controlled }: { controlled: boolean }) {
  const registration = new FakeRegistration()
  const target = new EventTarget()
  const container = {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(() => Promise.resolve(registration as unknown as ServiceWorkerRegistration)),
    addEventListener: target.addEventListener.bind(target),
  } as unknown as WorkerContainer
  const events = { onNeedRefresh: vi.fn(), onOfflineReady: vi.fn() }
  const reload = vi.fn()
  const start = () => registerWorker(container, '/sw.js', events, reload)
  return { registration, target, container, events, reload, start }
}

describe('registering the service worker', () => {
  it('registers /sw.js for the whole origin', async () => {
    const s = setup({ controlled: false })
    await s.start()
    expect(s.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it('says once that the app works offline when the first version is installed', async () => {
    const s = setup({ controlled: false })
    const first = new FakeWorker()
    s.registration.installing = first
    await s.start()
    // The same worker reported again by updatefound is not a second version.
    s.registration.found(first)
    first.become('installed')
    first.become('activated')
    expect(s.events.onOfflineReady).toHaveBeenCalledOnce()
    expect(s.events.onNeedRefresh).not.toHaveBeenCalled()
  })

  it('asks before a new version takes over, then reloads once it controls the page', async () => {
    const s = setup({ controlled: true })
    await s.start()
    const next = new FakeWorker()
    s.registration.found(next)
    next.become('installed')
    expect(s.events.onOfflineReady).not.toHaveBeenCalled()
    expect(s.events.onNeedRefresh).toHaveBeenCalledOnce()
    // Nothing happens until the person says Reload.
    expect(next.postMessage).not.toHaveBeenCalled()
    expect(s.reload).not.toHaveBeenCalled()
    const activate = s.events.onNeedRefresh.mock.calls[0]?.[0] as () => void
    activate()
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(s.reload).not.toHaveBeenCalled()
    s.target.dispatchEvent(new Event('controllerchange'))
    s.target.dispatchEvent(new Event('controllerchange'))
    expect(s.reload).toHaveBeenCalledOnce()
  })

  it('asks once for a version already waiting when the page opens', async () => {
    const s = setup({ controlled: true })
    const waiting = new FakeWorker()
    waiting.state = 'installed'
    s.registration.waiting = waiting
    await s.start()
    expect(s.events.onNeedRefresh).toHaveBeenCalledOnce()
    const another = new FakeWorker()
    s.registration.found(another)
    another.become('installed')
    s.registration.waiting = another
    expect(s.events.onNeedRefresh).toHaveBeenCalledOnce()
    // Reload lets the newest waiting version take over.
    const activate = s.events.onNeedRefresh.mock.calls[0]?.[0] as () => void
    activate()
    expect(another.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(waiting.postMessage).not.toHaveBeenCalled()
  })
})

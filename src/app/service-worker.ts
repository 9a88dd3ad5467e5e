/**
 * The service worker's registration in prompt mode, in a few lines of its own instead of
 * workbox-window (~2.7 KB of Brotli that every first visit fetched): a new version waits until
 * the person says Reload, then takes over and the page reloads once.
 */
export interface WorkerEvents {
  /** A new version is installed and waiting; `activate` lets it take over (then the page reloads). */
  onNeedRefresh: (activate: () => void) => void
  /** The first version is installed: the app now opens offline. */
  onOfflineReady: () => void
}

/** What of `navigator.serviceWorker` this uses (a test hands in its own). */
export type WorkerContainer = Pick<
  ServiceWorkerContainer,
  'controller' | 'register' | 'addEventListener'
>

/**
 * Registers `url` and reports its versions: one installed while another controls the page is a
 * new version (also one found waiting at registration); one installed while none does is the first.
 */
export async function registerWorker(
  container: WorkerContainer,
  url: string,
  events: WorkerEvents,
  reload: () => void = () => window.location.reload(),
): Promise<ServiceWorkerRegistration> {
  const registration = await container.register(url, { scope: '/' })
  let prompted = false
  const waiting = (worker: ServiceWorker) => {
    if (prompted) return
    prompted = true
    events.onNeedRefresh(() => {
      container.addEventListener('controllerchange', () => reload(), { once: true })
      // The newest waiting version: a later one may have replaced the one first reported.
      const newest = registration.waiting ?? worker
      newest.postMessage({ type: 'SKIP_WAITING' })
    })
  }
  const followed = new WeakSet<ServiceWorker>()
  const follow = (worker: ServiceWorker) => {
    if (followed.has(worker)) return
    followed.add(worker)
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return
      if (container.controller) waiting(worker)
      else events.onOfflineReady()
    })
  }
  if (registration.waiting && container.controller) waiting(registration.waiting)
  if (registration.installing) follow(registration.installing)
  registration.addEventListener('updatefound', () => {
    if (registration.installing) follow(registration.installing)
  })
  return registration
}

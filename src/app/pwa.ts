import { t } from '@/lib/i18n'
import { notify, notifyAction } from '@/lib/toast'
import { registerWorker } from './service-worker'

const UPDATE_CHECK_MS = 60 * 60 * 1000

/**
 * Registers the service worker after the page has loaded (prompt mode, ./service-worker.ts). A new
 * version never reloads the page by itself: a toast offers Reload, so nothing being typed is lost.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const start = async () => {
    const registration = await registerWorker(navigator.serviceWorker, '/sw.js', {
      onNeedRefresh(activate) {
        notifyAction(t('common.pwa.updateAvailable'), t('common.pwa.reloadWhenReady'), {
          label: t('common.pwa.reload'),
          onClick: activate,
        })
      },
      onOfflineReady() {
        notify('info', t('common.pwa.offlineReady'))
      },
    })
    // Long-lived tabs (an installed app) check for a new version now and then.
    setInterval(() => void registration.update(), UPDATE_CHECK_MS)
  }
  // Without a worker the app still works online: a refused registration is not the page's error.
  const begin = () => void start().catch(() => undefined)
  if (document.readyState === 'complete') begin()
  else window.addEventListener('load', begin, { once: true })
}

import { t } from '@/lib/i18n'
import { notify, notifyAction } from '@/lib/toast'

const UPDATE_CHECK_MS = 60 * 60 * 1000

/**
 * Registers the service worker after the page has loaded (workbox-window, prompt mode). A new
 * version never reloads the page by itself: a toast offers Reload, so nothing being typed is lost.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const start = async () => {
    const { registerSW } = await import('virtual:pwa-register')
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh() {
        notifyAction(t('common.pwa.updateAvailable'), t('common.pwa.reloadWhenReady'), {
          label: t('common.pwa.reload'),
          onClick: () => void updateSW(true),
        })
      },
      onOfflineReady() {
        notify('info', t('common.pwa.offlineReady'))
      },
      onRegisteredSW(_url, registration) {
        // Long-lived tabs (an installed app) check for a new version now and then.
        if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS)
      },
    })
  }
  if (document.readyState === 'complete') void start()
  else window.addEventListener('load', () => void start(), { once: true })
}

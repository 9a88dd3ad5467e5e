import { useSyncExternalStore } from 'react'

/**
 * Installing the app, as the checklist sees it: installed when running standalone
 * (display-mode standalone, or iOS's navigator.standalone) or once the browser said
 * `appinstalled` on this device (remembered in localStorage); the browser's own prompt is
 * offered when it fired `beforeinstallprompt`. The listeners start when this module loads (with
 * the dashboard), so an event that fires later is caught.
 */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface InstallState {
  installed: boolean
  /** The browser offers its install prompt (Chrome, Edge); else the how-to is shown. */
  canPrompt: boolean
}

const INSTALLED_KEY = 'folio.installed'
let deferred: InstallPromptEvent | null = null
let state: InstallState = { installed: false, canPrompt: false }
const listeners = new Set<() => void>()

function standalone(): boolean {
  if (typeof window === 'undefined') return false
  const nav = navigator as Navigator & { standalone?: boolean }
  return (
    nav.standalone === true ||
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(display-mode: standalone)').matches)
  )
}

function rememberedInstalled(): boolean {
  try {
    return localStorage.getItem(INSTALLED_KEY) === '1'
  } catch {
    return false
  }
}

function update() {
  const next = {
    installed: standalone() || rememberedInstalled(),
    canPrompt: deferred !== null,
  }
  if (next.installed === state.installed && next.canPrompt === state.canPrompt) return
  state = next
  for (const l of listeners) l()
}

/** Marks the app installed on this device (the `appinstalled` event, or a test). */
export function markInstalled() {
  try {
    localStorage.setItem(INSTALLED_KEY, '1')
  } catch {
    // Not remembered; standalone still tells once it runs installed.
  }
  deferred = null
  update()
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault() // the checklist offers it instead of the mini-infobar
    deferred = e as InstallPromptEvent
    update()
  })
  window.addEventListener('appinstalled', markInstalled)
  if (typeof window.matchMedia === 'function')
    window.matchMedia('(display-mode: standalone)').addEventListener?.('change', update)
  update()
}

/** Opens the browser's install prompt; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const e = deferred
  if (!e) return false
  deferred = null // a prompt can be shown once
  await e.prompt()
  const { outcome } = await e.userChoice
  if (outcome === 'accepted') markInstalled()
  else update()
  return outcome === 'accepted'
}

function subscribe(l: () => void) {
  listeners.add(l)
  update() // the display mode or another tab may have changed since
  return () => void listeners.delete(l)
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, () => state)
}

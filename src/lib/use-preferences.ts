import { useSyncExternalStore } from 'react'
import { setLocale, type Locale } from './i18n'
import {
  applyPreferences,
  preferenceCookie,
  readPreferences,
  type Preferences,
} from './preferences'

const listeners = new Set<() => void>()
let current: Preferences | null = null

function snapshot(): Preferences {
  current ??= readPreferences(document.cookie, navigator.languages)
  return current
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

function apply() {
  applyPreferences(document.documentElement, snapshot(), darkQuery().matches)
}

/** Keeps "system" following the OS live. Call once at start-up; returns the unsubscribe. */
export function followSystemTheme(): () => void {
  const q = darkQuery()
  const onChange = () => apply()
  q.addEventListener('change', onChange)
  return () => q.removeEventListener('change', onChange)
}

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]) {
  document.cookie = preferenceCookie(key, value, window.location.protocol === 'https:')
  // Re-read: a language without a chosen direction brings its own (Arabic reads right to left).
  current = readPreferences(document.cookie, navigator.languages)
  apply()
  listeners.forEach((l) => l())
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    snapshot,
    snapshot,
  )
}

/** Switches the interface's language: its messages load first, then the cookie and every screen. */
export async function setLanguage(locale: Locale): Promise<void> {
  await setLocale(locale)
  setPreference('language', locale)
}

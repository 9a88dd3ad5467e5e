import { parseCookies, serializeCookie } from './cookies'
import {
  DEFAULT_DIRECTION,
  DEFAULT_FONT,
  DEFAULT_THEME,
  PREFERENCE_COOKIE_MAX_AGE_S,
} from '../config/constants'

/** User preferences (SPEC §1): each in its own cookie for one year. */
export const THEMES = ['dark', 'light', 'system'] as const
export const FONTS = ['geist', 'inter', 'manrope', 'system'] as const
export const DIRECTIONS = ['ltr', 'rtl'] as const

export type Theme = (typeof THEMES)[number]
export type Font = (typeof FONTS)[number]
export type Direction = (typeof DIRECTIONS)[number]

export interface Preferences {
  theme: Theme
  font: Font
  direction: Direction
}

const PREFERENCE_COOKIES = {
  theme: 'folio_theme',
  font: 'folio_font',
  direction: 'folio_dir',
} as const satisfies Record<keyof Preferences, string>

export const DEFAULT_PREFERENCES: Preferences = {
  theme: DEFAULT_THEME,
  font: DEFAULT_FONT,
  direction: DEFAULT_DIRECTION,
}

function pick<T extends string>(allowed: readonly T[], value: string | undefined, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback
}

/** Reads the preferences from a cookie header; unknown values fall back to the defaults. */
export function readPreferences(cookieHeader: string): Preferences {
  const c = parseCookies(cookieHeader)
  return {
    theme: pick(THEMES, c[PREFERENCE_COOKIES.theme], DEFAULT_PREFERENCES.theme),
    font: pick(FONTS, c[PREFERENCE_COOKIES.font], DEFAULT_PREFERENCES.font),
    direction: pick(DIRECTIONS, c[PREFERENCE_COOKIES.direction], DEFAULT_PREFERENCES.direction),
  }
}

export function preferenceCookie<K extends keyof Preferences>(
  key: K,
  value: Preferences[K],
  secure = false,
): string {
  return serializeCookie(PREFERENCE_COOKIES[key], value, {
    maxAge: PREFERENCE_COOKIE_MAX_AGE_S,
    sameSite: 'Lax',
    secure,
  })
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): 'dark' | 'light' {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light'
  return theme
}

/** The attributes the <html> element carries for a set of preferences. */
export function htmlAttributes(prefs: Preferences, systemPrefersDark: boolean) {
  const resolved = resolveTheme(prefs.theme, systemPrefersDark)
  return {
    className: resolved,
    colorScheme: resolved,
    dir: prefs.direction,
    font: prefs.font,
  }
}

export function applyPreferences(
  root: HTMLElement,
  prefs: Preferences,
  systemPrefersDark: boolean,
) {
  const a = htmlAttributes(prefs, systemPrefersDark)
  root.classList.remove('dark', 'light')
  root.classList.add(a.className)
  root.style.colorScheme = a.colorScheme
  root.dir = a.dir
  root.dataset.font = a.font
}

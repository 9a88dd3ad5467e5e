import { parseCookies, serializeCookie } from './cookies'
import {
  DEFAULT_DIRECTION,
  DEFAULT_FONT,
  DEFAULT_THEME,
  PREFERENCE_COOKIE_MAX_AGE_S,
} from '../config/constants'
import { isRtlLocale, LOCALES, matchLocale, type Locale } from './i18n/locales'

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
  /** The interface's language: the cookie, else the browser's first supported language. */
  language: Locale
}

const PREFERENCE_COOKIES = {
  theme: 'folio_theme',
  font: 'folio_font',
  direction: 'folio_dir',
  language: 'folio_lang',
} as const satisfies Record<keyof Preferences, string>

export const DEFAULT_PREFERENCES: Preferences = {
  theme: DEFAULT_THEME,
  font: DEFAULT_FONT,
  direction: DEFAULT_DIRECTION,
  language: 'en',
}

function pick<T extends string>(allowed: readonly T[], value: string | undefined, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback
}

/**
 * Reads the preferences from a cookie header; unknown values fall back to the defaults. The
 * language defaults to the browser's (`browserLanguages`, e.g. navigator.languages), and the
 * direction to the language's: Arabic reads right to left unless the user chose a direction.
 */
export function readPreferences(
  cookieHeader: string,
  browserLanguages: readonly string[] = [],
): Preferences {
  const c = parseCookies(cookieHeader)
  const language = pick(LOCALES, c[PREFERENCE_COOKIES.language], matchLocale(browserLanguages))
  return {
    theme: pick(THEMES, c[PREFERENCE_COOKIES.theme], DEFAULT_PREFERENCES.theme),
    font: pick(FONTS, c[PREFERENCE_COOKIES.font], DEFAULT_PREFERENCES.font),
    direction: pick(
      DIRECTIONS,
      c[PREFERENCE_COOKIES.direction],
      isRtlLocale(language) ? 'rtl' : DEFAULT_DIRECTION,
    ),
    language,
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
  root.lang = prefs.language
  root.dataset.font = a.font
}

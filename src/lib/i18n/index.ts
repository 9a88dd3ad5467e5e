import { useEffect, useState, useSyncExternalStore } from 'react'
import { loadMessages } from 'virtual:messages'
import type { Bundle, DocKey, MessageKey } from './keys'
import { intlLocale, isRtlLocale, SOURCE_LOCALE, type Locale } from './locales'

export type { Bundle, DocKey, MessageKey } from './keys'
export * from './locales'

/** Placeholder values of a message ({name}, {count, plural, …}). */
export type MessageValues = Record<string, string | number>
export type Translate = (key: MessageKey, values?: MessageValues) => string
export type DocTranslate = (key: DocKey, values?: MessageValues) => string

type Catalog = Record<string, (values?: Record<string, unknown>) => string>

/** Loaded catalogues by "bundle/locale"; a bundle is loaded once per locale. */
const catalogs = new Map<string, Catalog>()
/**
 * Every message loaded so far, by locale: each key is compiled into one bundle, so the loaded
 * bundles of a locale merge without clashes, and a lookup needs no map of keys to bundles.
 */
const messagesOf = new Map<Locale, Catalog>()
const loading = new Map<string, Promise<Catalog>>()
/** The bundles the interface has needed so far; a language switch loads them all first. */
const uiBundles = new Set<Bundle>()
const listeners = new Set<() => void>()
let current: Locale = SOURCE_LOCALE

function load(bundle: Bundle, locale: Locale): Promise<Catalog> {
  const id = `${bundle}/${locale}`
  const done = catalogs.get(id)
  if (done) return Promise.resolve(done)
  let pending = loading.get(id)
  if (!pending) {
    pending = loadMessages(bundle, locale).then(
      (c) => {
        catalogs.set(id, c)
        messagesOf.set(locale, { ...messagesOf.get(locale), ...c })
        loading.delete(id)
        return c
      },
      (e: unknown) => {
        loading.delete(id)
        throw e
      },
    )
    loading.set(id, pending)
  }
  return pending
}

function lookup(locale: Locale, key: string, values?: MessageValues): string {
  const fn = messagesOf.get(locale)?.[key] ?? messagesOf.get(SOURCE_LOCALE)?.[key]
  if (fn) return fn(values)
  if (import.meta.env.DEV) console.warn(`[i18n] "${key}" is not loaded in ${locale}`)
  return key
}

const translators = new Map<Locale, Translate>()
/** A translator bound to one locale (stable per locale, so it can sit in hook dependencies). */
export function translatorFor(locale: Locale): Translate {
  let fn = translators.get(locale)
  if (!fn) {
    fn = (key, values) => lookup(locale, key, values)
    translators.set(locale, fn)
  }
  return fn
}

/** Translates in the interface's language. For code outside React, called when the text is shown. */
export const t: Translate = (key, values) => lookup(current, key, values)

/**
 * Whether a key read from data (a server's refusal code) has a message loaded in the interface's
 * language: false for an unknown key or one whose bundle isn't loaded yet.
 */
export function hasMessage(key: string): key is MessageKey {
  return messagesOf.get(current)?.[key] !== undefined
}

export const getLocale = (): Locale => current

/** Loads a bundle of the interface (and remembers it, for a later language switch). */
export function ensureBundle(bundle: Bundle): Promise<void> {
  uiBundles.add(bundle)
  return load(bundle, current).then(() => undefined)
}

/**
 * The bundle that says English words of others again (the auth chart's SPEC sentences, the
 * server's sign-in refusals): English shows those words as they come, so only the other
 * languages load it.
 */
const FOREIGN_BUNDLE: Bundle = 'foreign'

/** The bundles only other languages than English need; a switch loads them all first. */
const foreignBundles = new Set<Bundle>([FOREIGN_BUNDLE])
/** Work only other languages than English need (saying English words again), by who needs it. */
const foreignLoaders: Array<() => Promise<unknown>> = []
const loadForeign = (locale: Locale) =>
  locale === SOURCE_LOCALE
    ? Promise.resolve()
    : Promise.all([
        ...[...foreignBundles].map((b) => load(b, locale)),
        ...foreignLoaders.map((l) => l()),
      ])

/**
 * A bundle that says English words of others again, needed from now on (the server's refusals
 * in the signed-in area): loaded now and at each switch, never in English.
 */
export function ensureForeignBundle(bundle: Bundle): Promise<void> {
  foreignBundles.add(bundle)
  return current === SOURCE_LOCALE ? Promise.resolve() : load(bundle, current).then(() => undefined)
}

/**
 * Runs `load` (e.g. a dynamic import) before the interface first speaks a language other than
 * English, so English users never download it; a switch waits for it like for the messages.
 */
export function whenNotEnglish(load: () => Promise<unknown>) {
  foreignLoaders.push(load)
  if (current !== SOURCE_LOCALE) void load()
}

/** Starts the interface in a language: call before the first render, with the core bundle. */
export function startLocale(locale: Locale, bundles: Bundle[]): Promise<void> {
  current = locale
  // The build's prerendering has no document: it writes <html lang> itself.
  if (typeof document !== 'undefined') applyLanguage(document.documentElement, locale)
  // Bundles asked for before the language was known load again in it.
  return Promise.all([
    ...[...new Set([...bundles, ...uiBundles])].map((b) => ensureBundle(b)),
    loadForeign(locale),
  ]).then(() => undefined)
}

/** Switches the interface: the new language's bundles load first, then every screen re-renders. */
export async function setLocale(locale: Locale): Promise<void> {
  await Promise.all([...[...uiBundles].map((b) => load(b, locale)), loadForeign(locale)])
  current = locale
  applyLanguage(document.documentElement, locale)
  listeners.forEach((l) => l())
}

/** `<html lang>` follows the interface's language (screen readers and hyphenation use it). */
export function applyLanguage(root: HTMLElement, locale: Locale) {
  root.lang = locale
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The interface's language; the component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale)
}

/** `t` for a component: it re-renders in the new language when the user switches. */
export function useT(): Translate {
  return translatorFor(useLocale())
}

/** The Intl locale of the interface (Arabic keeps Latin digits). */
export const getIntlLocale = (): string => intlLocale(current)

/**
 * A translator for a document in its customer's language, whatever the interface speaks: loads
 * that language's document messages first.
 */
export async function docTranslator(locale: Locale): Promise<DocTranslate> {
  await load('doc', locale)
  return translatorFor(locale) as DocTranslate
}

/** The document translator for a language in a component; null while its messages load. */
export function useDocT(locale: Locale): DocTranslate | null {
  const ready = catalogs.has(`doc/${locale}`)
  const [, setLoaded] = useState<Locale | null>(null)
  useEffect(() => {
    if (ready) return
    let live = true
    void load('doc', locale).then(() => {
      if (live) setLoaded(locale)
    })
    return () => {
      live = false
    }
  }, [locale, ready])
  return ready ? (translatorFor(locale) as DocTranslate) : null
}

/** The direction a language is written in. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (isRtlLocale(locale) ? 'rtl' : 'ltr')
export { richText } from './rich'

// The message catalogue as code. Each locale's JSON files (src/locales/<locale>/<namespace>.json,
// ICU MessageFormat) are compiled at build time into modules of plain functions, one module per
// bundle and locale (src/locales/bundles.json), so the browser fetches only the active locale and
// never parses ICU at run time.
//
//   import { loadMessages } from 'virtual:messages'
//   const catalog = await loadMessages('core', 'de') // { 'auth.signIn': () => 'Anmelden', … }
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import MessageFormat from '@messageformat/core'
import compileModule from '@messageformat/core/compile-module.js'

export const localesDir = fileURLToPath(new URL('../src/locales/', import.meta.url))
export const LOCALES = ['en', 'de', 'fr', 'es', 'ar']
export const SOURCE_LOCALE = 'en'

export function readBundles() {
  return JSON.parse(readFileSync(`${localesDir}bundles.json`, 'utf8'))
}

/**
 * Bundles only the server reads (src/locales/server-bundles.json): the mails' words, which the
 * server embeds (scripts/mail-words.mjs).
 * The web app never loads them, so the build neither emits nor precaches them.
 */
export const SERVER_BUNDLES = JSON.parse(readFileSync(`${localesDir}server-bundles.json`, 'utf8'))

/** The bundles the web app may load. */
export const clientBundles = () =>
  Object.keys(readBundles()).filter((b) => !SERVER_BUNDLES.includes(b))

/** The messages of one namespace in one locale, keyed "namespace.key". */
export function readNamespace(locale, namespace) {
  const file = `${localesDir}${locale}/${namespace}.json`
  const messages = JSON.parse(readFileSync(file, 'utf8'))
  return Object.fromEntries(Object.entries(messages).map(([k, v]) => [`${namespace}.${k}`, v]))
}

/** The namespaces found on disk for a locale. */
export function namespacesOf(locale) {
  return readdirSync(`${localesDir}${locale}`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
}

/**
 * The bundle a key is compiled into. A bundle names namespaces ("billing") or parts of one
 * ("billing.status", a key or the keys under it); the longest name that covers a key wins, so
 * a screen's first words can travel in a small bundle and the rest of its namespace in another.
 */
export function bundleOfKey(key, bundles = readBundles()) {
  let best = null
  for (const [bundle, entries] of Object.entries(bundles))
    for (const entry of entries)
      if (
        (key === entry || key.startsWith(`${entry}.`)) &&
        (!best || entry.length > best[1].length)
      )
        best = [bundle, entry]
  return best?.[0] ?? null
}

/**
 * One bundle's messages in one locale. A message a translation lacks falls back to English, so
 * nobody sees a raw key; the catalogue test fails on any such gap before it ships.
 */
export function bundleMessages(bundle, locale) {
  const bundles = readBundles()
  const entries = bundles[bundle]
  if (!entries) throw new Error(`Unknown message bundle "${bundle}"`)
  const out = {}
  for (const ns of new Set(entries.map((e) => e.split('.')[0]))) {
    const messages = readNamespace(SOURCE_LOCALE, ns)
    if (locale !== SOURCE_LOCALE) Object.assign(messages, readNamespace(locale, ns))
    for (const [key, message] of Object.entries(messages))
      if (bundleOfKey(key, bundles) === bundle) out[key] = message
  }
  return out
}

/** Numbers in messages: Arabic text keeps Latin digits, like the amounts around it. */
const intlLocale = (locale) => (locale === 'ar' ? 'ar-u-nu-latn' : locale)

export function compileBundle(bundle, locale) {
  const mf = new MessageFormat(locale, { strict: false })
  let code = compileModule(mf, bundleMessages(bundle, locale))
  // The compiler formats numbers with the bare locale; use the same one as the rest of the app.
  if (locale === 'ar') code = code.replaceAll('number("ar",', `number("${intlLocale(locale)}",`)
  return code
}

const VIRTUAL = 'virtual:messages'

/**
 * `virtual:messages`: loadMessages(bundle, locale) imports the pair's module, for the web app's
 * bundles. A table of imports, not a switch: the sign-in page loads this module, so it stays small.
 */
export function loaderModule() {
  const entries = clientBundles()
    .flatMap((b) => LOCALES.map((l) => `  '${b}/${l}': () => import('${VIRTUAL}/${b}/${l}'),`))
    .join('\n')
  return [
    `const modules = {`,
    entries,
    `}`,
    `export function loadMessages(bundle, locale) {`,
    `  const load = modules[bundle + '/' + locale]`,
    `  return load`,
    `    ? load().then((m) => m.default)`,
    `    : Promise.reject(new Error('No messages for ' + bundle + '/' + locale))`,
    `}`,
  ].join('\n')
}
const RESOLVED = `\0${VIRTUAL}`

/** The Vite plugin: `virtual:messages` and one `virtual:messages/<bundle>/<locale>` per pair. */
export function messages() {
  return {
    name: 'folio-messages',
    resolveId(id) {
      if (id === VIRTUAL || id.startsWith(`${VIRTUAL}/`)) return `\0${id}`
      return null
    },
    load(id) {
      if (id === RESOLVED) {
        this.addWatchFile(`${localesDir}bundles.json`)
        return loaderModule()
      }
      if (id.startsWith(`${RESOLVED}/`)) {
        const [bundle, locale] = id.slice(RESOLVED.length + 1).split('/')
        for (const ns of new Set((readBundles()[bundle] ?? []).map((e) => e.split('.')[0]))) {
          this.addWatchFile(`${localesDir}${SOURCE_LOCALE}/${ns}.json`)
          this.addWatchFile(`${localesDir}${locale}/${ns}.json`)
        }
        return compileBundle(bundle, locale)
      }
      return null
    },
  }
}

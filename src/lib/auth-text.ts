import { getLocale, SOURCE_LOCALE, t as translate, whenNotEnglish, type Translate } from './i18n'

/**
 * The auth chart (machines/, pure TS) speaks the SPEC's English. Its texts are translated where
 * they reach the screen: each known sentence maps to its catalogue key (src/lib/chart-keys.ts,
 * loaded only for another language than English); anything else (a server's own message) is
 * shown as it came. In English the chart's words are shown as they are.
 */
let keyOf: typeof import('./chart-keys').keyOf | null = null
whenNotEnglish(async () => {
  keyOf = (await import('./chart-keys')).keyOf
})

/** A text of the auth chart in the interface's language (pass a component's `t` to follow it). */
export function authText(text: string, t: Translate = translate): string {
  if (getLocale() === SOURCE_LOCALE) return text
  const key = keyOf?.(text)
  return key ? t(key) : text
}

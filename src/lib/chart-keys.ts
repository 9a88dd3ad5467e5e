import { authErrorMessages, authMessages } from '@machines/auth/messages'
import type { MessageKey } from './i18n'

// The catalogue key of each sentence of the auth chart: `chart.<name>` and `chart.error.<name>`
// (src/locales/<locale>/chart.json). Loaded by src/lib/auth-text.ts only for a language other
// than English.

type ChartKey =
  `chart.${keyof typeof authMessages}` | `chart.error.${keyof typeof authErrorMessages}`
let byText: Map<string, ChartKey> | null = null

/** The sentence's key; returning a MessageKey fails to compile when the catalogue lacks one. */
export function keyOf(text: string): MessageKey | undefined {
  byText ??= new Map<string, ChartKey>([
    ...Object.entries(authMessages).map(
      ([name, sentence]) => [sentence, `chart.${name}` as ChartKey] as const,
    ),
    ...Object.entries(authErrorMessages).map(
      ([name, sentence]) => [sentence, `chart.error.${name}` as ChartKey] as const,
    ),
  ])
  return byText.get(text)
}

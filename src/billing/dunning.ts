import defaults from './dunning-defaults.json'
import { isLocale, SOURCE_LOCALE, type Locale } from '@/lib/i18n/locales'

/**
 * Automatic payment reminders, the web app's side. The server decides and mails them
 * (server/internal/billing/reminders.go); these are its defaults and the schedule as typed.
 * dunning-defaults.json is the one copy the web app reads; a Go test holds it equal to the
 * server's defaults (DefaultReminderSteps, reminderCatalogue).
 */

/** The schedule of a business that has not set its own: days relative to the due date. */
export const DEFAULT_REMINDER_STEPS: readonly number[] = defaults.steps

/** The bounds the server checks (decideReminderSteps). */
export const STEP_MIN = -30
export const STEP_MAX = 365
export const STEPS_MAX = 10

/** The built-in reminder subject and message of a document language. */
export function reminderDefaults(language: string | undefined): {
  subject: string
  message: string
} {
  const lang: Locale = isLocale(language) ? language : SOURCE_LOCALE
  return { subject: defaults.subject[lang], message: defaults.message[lang] }
}

/** Every language's built-in templates: saving one of them keeps following the document language. */
export const isBuiltInReminder = (field: 'subject' | 'message', text: string): boolean =>
  Object.values(defaults[field]).includes(text.trim())

/** A stored schedule (null or absent: the defaults) as the settings show it: "-3, 0, 7". */
export function formatSteps(steps: readonly number[] | null | undefined): string {
  return (steps ?? DEFAULT_REMINDER_STEPS).join(', ')
}

/**
 * The schedule as typed ("-3, 0, 7" or "−3 0 7"), sorted and without repeats; null when a part is
 * not a whole number from -30 to 365 or there are more than 10.
 */
export function parseSteps(text: string): number[] | null {
  const parts = text
    .replace(/[\u2212\u2013]/g, '-')
    .split(/[\s,;]+/)
    .filter(Boolean)
  const steps: number[] = []
  for (const p of parts) {
    if (!/^[+-]?\d+$/.test(p)) return null
    const n = Number(p)
    if (n < STEP_MIN || n > STEP_MAX) return null
    if (!steps.includes(n)) steps.push(n)
  }
  if (steps.length > STEPS_MAX) return null
  return steps.sort((a, b) => a - b)
}

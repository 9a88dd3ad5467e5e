import { describe, expect, it } from 'vitest'
import {
  DEFAULT_REMINDER_STEPS,
  formatSteps,
  isBuiltInReminder,
  parseSteps,
  reminderDefaults,
} from '@/billing/dunning'

describe('the reminder schedule as typed', () => {
  it('reads days before, on and after the due date, sorted without repeats', () => {
    expect(parseSteps('30, -3, 0, 14, 7')).toEqual([-3, 0, 7, 14, 30])
    expect(parseSteps('7 7 1')).toEqual([1, 7])
    expect(parseSteps('\u22123; +5')).toEqual([-3, 5])
    expect(parseSteps('')).toEqual([])
  })
  it('refuses what the server refuses', () => {
    expect(parseSteps('1.5')).toBeNull()
    expect(parseSteps('-31')).toBeNull()
    expect(parseSteps('366')).toBeNull()
    expect(parseSteps('seven')).toBeNull()
    expect(parseSteps('1 2 3 4 5 6 7 8 9 10 11')).toBeNull()
  })
  it('shows the defaults when none is stored', () => {
    expect(DEFAULT_REMINDER_STEPS).toEqual([-3, 0, 7, 14, 30])
    expect(formatSteps(null)).toBe('-3, 0, 7, 14, 30')
    expect(formatSteps([1, 10])).toBe('1, 10')
  })
})

describe('the built-in reminder templates', () => {
  it('exist in every language, with the send templates’ placeholders', () => {
    for (const lang of ['en', 'de', 'fr', 'es', 'ar']) {
      const d = reminderDefaults(lang)
      expect(d.message).toContain('{link}')
      expect(d.message).toContain('{amount}')
      expect(d.subject).toContain('{number}')
      expect(isBuiltInReminder('message', d.message)).toBe(true)
    }
    expect(reminderDefaults('xx')).toEqual(reminderDefaults('en'))
    expect(isBuiltInReminder('subject', 'My own')).toBe(false)
  })
})

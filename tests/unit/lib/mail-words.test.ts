// The server's mails say what the web app's catalogue says: server/internal/mailwords/catalogue.json
// is written from src/locales/<lang>/mail.json by scripts/mail-words.mjs, and must not go stale.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MAIL_WORDS_FILE, mailWords, mailWordsText } from '../../../scripts/mail-words-lib.mjs'
import { defaultSendTemplates, mailKind } from '@/billing/templates'
import { reminderDefaults } from '@/billing/dunning'
import { LOCALES } from '@/lib/i18n/locales'

const committed = readFileSync(new URL(`../../../${MAIL_WORDS_FILE}`, import.meta.url), 'utf8')

describe('mail words', () => {
  it('the server embeds the catalogue as it is (run npm run mail-words)', () => {
    expect(committed).toBe(mailWordsText())
  })

  it('has every language, each with the same keys, without the namespace', () => {
    const words = mailWords()
    expect(Object.keys(words).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr'])
    const keys = Object.keys(words.en ?? {}).sort()
    expect(keys.length).toBeGreaterThan(70)
    for (const [lang, messages] of Object.entries(words))
      expect(Object.keys(messages).sort(), lang).toEqual(keys)
    expect(words.de?.['document.lineTax']).toBe('Steuer {rate}')
    expect(words.en?.['team.invite.subject']).toBe('{inviter} invited you to {business} on {app}')
  })

  it("the send and reminder dialogs' defaults are the catalogue's", () => {
    // The dialogs show the built-in templates as text to edit, before any placeholder is filled.
    const words = mailWords()
    for (const locale of LOCALES) {
      const w = words[locale] ?? {}
      expect(defaultSendTemplates(locale, 'invoice'), locale).toEqual({
        subject: w['document.subject'],
        message: w['document.message.invoice'],
      })
      expect(defaultSendTemplates(locale, 'quote').message, locale).toBe(
        w['document.message.quote'],
      )
      expect(defaultSendTemplates(locale, 'credit_note').message, locale).toBe(
        w['document.message.creditNote'],
      )
      expect(mailKind('creditNote', locale), locale).toBe(w['document.kind.creditNote'])
      expect(mailKind('invoice', locale), locale).toBe(w['document.kind.invoice'])
      expect(reminderDefaults(locale), locale).toEqual({
        subject: w['reminder.subject'],
        message: w['reminder.message'],
      })
    }
  })
})

import { readFileSync } from 'node:fs'
import { docFormat } from '@/billing/doc-format'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_MESSAGE,
  DEFAULT_SUBJECT,
  defaultSendTemplates,
  mailAmount,
  mailDate,
  mailKind,
  renderTemplate,
  sendTemplates,
  templateValues,
  type TemplateValues,
} from '@/billing/templates'
import { LOCALES, type Locale } from '@/lib/i18n/locales'
import { quoteFixture } from './pdf-fixture'
import { intlFormats, mailValueVectors } from '../../../scripts/intl-formats-lib.mjs'

const vectors = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../vectors/${name}`, import.meta.url), 'utf8')) as unknown

/** The send templates' cases, shared with the server (decide_template_test.go). */
const cases = vectors('templates.json') as Array<{
  name: string
  language?: Locale
  default?: 'subject' | 'message' | 'quoteMessage'
  template: string
  values: TemplateValues
  expected: string
}>

describe('send templates (twin of renderTemplate)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(renderTemplate(c.template, c.values)).toBe(c.expected)
  })
})

describe('the built-in templates in each document language', () => {
  it('are the vectors the server holds to, for every language', () => {
    const seen = new Set<string>()
    for (const c of cases) {
      if (!c.default || !c.language) continue
      const d =
        c.default === 'quoteMessage'
          ? defaultSendTemplates(c.language, 'quote').message
          : defaultSendTemplates(c.language)[c.default]
      expect(c.template, c.name).toBe(d)
      seen.add(`${c.language}/${c.default}`)
    }
    for (const l of LOCALES)
      for (const part of ['subject', 'message', 'quoteMessage'])
        expect(seen).toContain(`${l}/${part}`)
    expect(defaultSendTemplates('en')).toEqual({
      subject: DEFAULT_SUBJECT,
      message: DEFAULT_MESSAGE,
    })
  })

  it('another language’s built-in default saved in the settings is no choice either', () => {
    const fr = defaultSendTemplates('fr')
    expect(
      sendTemplates({ send_subject_template: fr.subject, send_message_template: fr.message }, 'de'),
    ).toEqual(defaultSendTemplates('de'))
  })

  it('the dialog starts from the business’s own templates, else the language’s', () => {
    const de = defaultSendTemplates('de')
    expect(sendTemplates(undefined, 'de')).toEqual(de)
    // Every account starts with the English default: it is no choice of the owner's.
    expect(
      sendTemplates(
        { send_subject_template: DEFAULT_SUBJECT, send_message_template: DEFAULT_MESSAGE },
        'de',
      ),
    ).toEqual(de)
    expect(
      sendTemplates({ send_subject_template: 'Ihre {kind}', send_message_template: '' }, 'fr'),
    ).toEqual({
      subject: 'Ihre {kind}',
      message: defaultSendTemplates('fr').message,
    })
    expect(
      sendTemplates(
        { send_subject_template: DEFAULT_SUBJECT, send_message_template: DEFAULT_MESSAGE },
        'en',
      ),
    ).toEqual({ subject: DEFAULT_SUBJECT, message: DEFAULT_MESSAGE })
  })
})

/** The placeholders' values per language, shared with the server (mail_words.go). */
const valueCases = vectors('mail-values.json') as Array<{
  name: string
  language: string
  kind: 'invoice' | 'quote'
  cents: number
  currency: string
  date: string
  rate: number
  expected: { kind: string; amount: string; due_date: string; rate: string }
}>

describe('placeholder values in the document language (twin of mailTemplateValues)', () => {
  it.each(valueCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect({
      kind: mailKind(c.kind, c.language),
      amount: mailAmount(c.cents, c.currency, c.language),
      due_date: mailDate(c.date, c.language),
      // A line's rate as the sheet writes it (the server's mail_words percent).
      rate: docFormat(c.language as Locale).percent(c.rate),
    }).toEqual(c.expected)
  })

  it('the preview fills a German quote in German', () => {
    const doc = quoteFixture({ language: 'de', number: 'QUO-00007' })
    const v = templateValues(doc, 'Jane Roe', 'https://…/d/…')
    expect(v.kind).toBe('Angebot')
    expect(v.due_date).toBe('15.04.2026')
    expect(v.amount).toMatch(/^\d{1,3}(\.\d{3})*,\d\d\u00a0€$/)
    expect(
      renderTemplate(defaultSendTemplates('de').subject, { ...v, business: 'Alice & Co' }),
    ).toBe('Angebot QUO-00007 von Alice & Co')
  })

  it('a document without a language is English, as before', () => {
    const { language: _, ...doc } = quoteFixture()
    const v = templateValues(doc, '', '')
    expect(v.kind).toBe('Quote')
    expect(v.due_date).toBe('Apr 15, 2026')
    expect(v.amount).toMatch(/^€\d{1,3}(,\d{3})*\.\d\d$/)
  })
})

describe('the server writes money and dates as Intl does', () => {
  it('the vectors are what Intl says now (node scripts/intl-formats.mjs writes them)', () => {
    expect(vectors('mail-values.json')).toEqual(mailValueVectors())
  })

  it("the server's table is what Intl says now", () => {
    const table = JSON.parse(
      readFileSync(
        new URL('../../../server/internal/billing/intl_formats.json', import.meta.url),
        'utf8',
      ),
    ) as unknown
    expect(table).toEqual(intlFormats())
  })

  it('never the old "4997.75 EUR" or an ISO date, in any language', () => {
    for (const lang of LOCALES) {
      expect(mailAmount(499775, 'EUR', lang)).not.toMatch(/EUR|^4997\.75/)
      expect(mailDate('2026-12-27', lang)).not.toBe('2026-12-27')
    }
    expect(mailAmount(499775, 'EUR', 'en')).toBe('€4,997.75')
    expect(mailDate('2026-12-27', 'de')).toBe('27.12.2026')
  })
})

describe('a quote is valid until a date, not due', () => {
  it('the built-in quote message says so in every language, the invoice one keeps its due date', () => {
    const until = {
      en: 'valid until',
      de: 'gültig bis',
      fr: 'valable jusqu’au',
      es: 'válido hasta',
      ar: 'صالح حتى',
    }
    for (const l of LOCALES) {
      expect(defaultSendTemplates(l, 'quote').message).toContain(until[l])
      expect(defaultSendTemplates(l, 'invoice').message).not.toContain(until[l])
    }
  })

  it('an account still on the English default gets the quote message for a quote', () => {
    const seller = {
      send_subject_template: DEFAULT_SUBJECT,
      send_message_template: DEFAULT_MESSAGE,
    }
    expect(sendTemplates(seller, 'en', 'quote').message).toContain('valid until {due_date}')
    expect(sendTemplates(seller, 'en', 'invoice').message).toBe(DEFAULT_MESSAGE)
    // The owner's own template stays as written.
    expect(
      sendTemplates({ send_message_template: 'Pay by {due_date}' }, 'en', 'quote').message,
    ).toBe('Pay by {due_date}')
  })
})

import { readFileSync } from 'node:fs'

// What scripts/intl-formats.mjs writes, as functions (the unit test compares them with the files).

/** The document languages and the Intl locale each is written in (src/lib/i18n/locales.ts). */
export const LANGUAGES = { en: 'en', de: 'de', fr: 'fr', es: 'es', ar: 'ar-u-nu-latn' }

/** The currencies pickers offer first (COMMON_CURRENCIES of src/billing/currencies.ts); others write their code. */
export const CURRENCIES = (() => {
  const source = readFileSync(new URL('../src/billing/currencies.ts', import.meta.url), 'utf8')
  const list = /COMMON_CURRENCIES = \[([^\]]*)\]/.exec(source)?.[1] ?? ''
  return [...list.matchAll(/'([A-Z]{3})'/g)].map((m) => m[1])
})()

/** A code no locale has a symbol for: the pattern of any currency not listed. */
const OTHER = 'QQQ'

const digitsOf = (currency) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2

const NUMBER = new Set(['integer', 'group', 'decimal', 'fraction'])

/** The text before and after the number, and the marks, of one formatted amount. */
function pattern(format, value) {
  const parts = format.formatToParts(value)
  const first = parts.findIndex((p) => NUMBER.has(p.type))
  let last = first
  parts.forEach((p, i) => {
    if (NUMBER.has(p.type)) last = i
  })
  const text = (ps) => ps.map((p) => p.value).join('')
  return {
    prefix: text(parts.slice(0, first)),
    suffix: text(parts.slice(last + 1)),
    group: parts.find((p) => p.type === 'group')?.value ?? '',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '',
  }
}

function moneyFormat(intl, currency) {
  const digits = digitsOf(currency)
  const f = new Intl.NumberFormat(intl, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  const pos = pattern(f, 1234567.5)
  const neg = pattern(f, -1234567.5)
  return { digits, pos: [pos.prefix, pos.suffix], neg: [neg.prefix, neg.suffix], marks: pos }
}

/** A rate as the sheet writes it (docFormat's percent): at most 4 decimals. */
const percentFormat = (intl) =>
  new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 4 })

function dateFormat(intl) {
  const f = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' })
  // 1 February: a padded day or month shows as "01" / "02".
  const parts = f.formatToParts(new Date('2026-02-01T00:00:00Z'))
  const tokens = parts.map((p) => {
    if (p.type === 'literal') return { literal: p.value }
    if (p.type === 'day') return { field: p.value === '01' ? 'day2' : 'day' }
    if (p.type === 'year') return { field: 'year' }
    if (p.type === 'month')
      return { field: p.value === '02' ? 'month2' : p.value === '2' ? 'month' : 'monthName' }
    throw new Error(`unexpected date part ${p.type} in ${intl}`)
  })
  const months = Array.from({ length: 12 }, (_, m) =>
    f
      .formatToParts(new Date(Date.UTC(2026, m, 15)))
      .filter((p) => p.type === 'month')
      .map((p) => p.value)
      .join(''),
  )
  return { tokens, months }
}

export function intlFormats() {
  const out = {}
  for (const [lang, intl] of Object.entries(LANGUAGES)) {
    const other = moneyFormat(intl, OTHER)
    const plain = new Intl.NumberFormat(intl)
    const money = {}
    for (const c of CURRENCIES) {
      const m = moneyFormat(intl, c)
      money[c] = { digits: m.digits, pos: m.pos, neg: m.neg }
    }
    const pct = pattern(percentFormat(intl), 0.055)
    out[lang] = {
      // A rate's text around its number: "5.5%", "5,5 %", "5.5‎%‎" (Arabic's direction marks).
      percent: [pct.prefix, pct.suffix],
      group: other.marks.group,
      decimal: other.marks.decimal,
      // Spanish groups from 5 digits on: 1234 but 12.345.
      group4: plain.format(1234) !== '1234',
      money,
      other: { code: OTHER, pos: other.pos, neg: other.neg },
      date: dateFormat(intl),
    }
  }
  return out
}

/** Amounts and dates as Intl writes them: the vectors the Go formatter and the TS twin pass. */
export function mailValueVectors() {
  const kinds = {
    en: ['Invoice', 'Quote'],
    de: ['Rechnung', 'Angebot'],
    fr: ['Facture', 'Devis'],
    es: ['Factura', 'Presupuesto'],
    ar: ['فاتورة', 'عرض سعر'],
  }
  const cases = [
    [499775, 'EUR', '2026-12-27', 19],
    [123456789, 'USD', '2026-02-01', 5.5],
    [-5, 'EUR', '2026-01-09', 0],
    [1234, 'GBP', '2026-05-31', 20],
    [1200, 'JPY', '2026-09-30', 10],
    [-250000, 'CHF', '2026-03-15', 8.1],
    [100000, 'AED', '2028-02-29', 5],
    [99, 'XYZ', '2026-11-11', 12.345],
  ]
  const out = []
  for (const [lang, intl] of Object.entries(LANGUAGES)) {
    cases.forEach(([cents, currency, date, rate], i) => {
      const kind = i % 2 ? 'quote' : 'invoice'
      const digits = digitsOf(currency)
      out.push({
        name: `${lang} ${currency} ${cents} ${date}`,
        language: lang,
        kind,
        cents,
        currency,
        date,
        rate,
        expected: {
          kind: kinds[lang][i % 2],
          amount: new Intl.NumberFormat(intl, {
            style: 'currency',
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(cents / 10 ** digits),
          due_date: new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(
            new Date(`${date}T00:00:00Z`),
          ),
          rate: percentFormat(intl).format(rate / 100),
        },
      })
    })
  }
  return out
}

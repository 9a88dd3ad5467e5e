import * as v from 'valibot'
import {
  lineDescriptionText,
  linePriceProblem,
  linesOf,
  message,
  percentText,
  quantityText,
} from './fields'
import {
  currencyDigits,
  parseMajor,
  toInputAmount,
  addDays,
  isoDate,
  pbDate,
  todayIso,
} from './format'
import { unitCodeFor } from './einvoice/units'
import type { DocumentKind, Invoice, LineItem, Quote } from './types'

/**
 * The quote and invoice editor's form: what the user types (strings), its valibot schema with a
 * message at each field, and the conversion to the body the server takes.
 */
export interface LineForm {
  id: string
  description: string
  quantity: string
  unit: string
  /** UN/ECE Rec. 20 code chosen for the line; "" follows the unit typed ("h" → HUR). */
  unit_code: string
  unit_price: string
  discount_percent: string
  tax_rate: string
}

export interface DocumentForm {
  customer: string
  currency: string
  issue_date: string
  /** due_date for invoices, expiry_date for quotes. */
  end_date: string
  discount_percent: string
  notes: string
  terms: string
  /** The VAT category of the 0 % lines (Z, E, AE, K, G, O) and why, for e-invoices. */
  vat_exemption_category: string
  vat_exemption_reason: string
  items: LineForm[]
}

const percent = percentText

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function documentSchema(kind: DocumentKind) {
  return v.pipe(
    v.object({
      customer: v.pipe(v.string(), v.nonEmpty(message('billing.form.customerRequired'))),
      currency: v.string(),
      issue_date: v.pipe(v.string(), v.regex(DAY, message('billing.form.issueDateRequired'))),
      end_date:
        kind === 'invoices'
          ? v.pipe(v.string(), v.regex(DAY, message('billing.form.dueDateRequired')))
          : v.pipe(
              v.string(),
              v.check((s) => s === '' || DAY.test(s), message('billing.form.validDate')),
            ),
      discount_percent: percent('discount'),
      notes: v.pipe(v.string(), v.maxLength(5000, message('billing.form.notesMax', { max: 5000 }))),
      terms: v.pipe(v.string(), v.maxLength(5000, message('billing.form.termsMax', { max: 5000 }))),
      vat_exemption_category: v.pipe(
        v.string(),
        v.check(
          (s) => ['Z', 'E', 'AE', 'K', 'G', 'O'].includes(s),
          message('billing.form.vatCategoryRequired'),
        ),
      ),
      vat_exemption_reason: v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(300, message('billing.field.maxChars', { max: 300 })),
      ),
      items: linesOf(
        v.object({
          id: v.string(),
          description: lineDescriptionText,
          quantity: quantityText,
          unit: v.pipe(v.string(), v.maxLength(20, message('billing.field.maxChars', { max: 20 }))),
          unit_code: v.string(),
          unit_price: v.string(),
          discount_percent: percent('discount'),
          tax_rate: percent('taxRate'),
        }),
      ),
    }),
    v.forward(
      v.check(
        (f) => !f.end_date || f.end_date >= f.issue_date,
        message(
          kind === 'invoices' ? 'billing.form.dueBeforeIssue' : 'billing.form.expiryBeforeIssue',
        ),
      ),
      ['end_date'],
    ),
    // Prices depend on the currency's decimals, so they are checked with the whole form.
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const f = dataset.value
      f.items.forEach((l, i) => {
        const currency = f.currency || 'EUR'
        const problem = linePriceProblem(l.unit_price, currency, priceExample(currency))
        if (problem) {
          addIssue({
            message: problem,
            path: [
              {
                type: 'object',
                origin: 'value',
                input: f,
                key: 'items',
                value: f.items,
              },
              { type: 'array', origin: 'value', input: f.items, key: i, value: l },
              { type: 'object', origin: 'value', input: l, key: 'unit_price', value: l.unit_price },
            ],
          })
        }
      })
    }),
  )
}

/** An example price in the currency ("12.50"), for the messages that ask for one. */
export function priceExample(currency: string): string {
  const digits = currencyDigits(currency)
  return toInputAmount(digits ? 1250 * 10 ** (digits - 2) : 1250, currency)
}

export type ParsedDocumentForm = v.InferOutput<ReturnType<typeof documentSchema>>

let lineCounter = 0
/** A line id, unique within the document. */
const newLineId = () => `l${Date.now().toString(36)}${(lineCounter++).toString(36)}`

export function emptyLine(taxRate: number): LineForm {
  return {
    id: newLineId(),
    description: '',
    quantity: '1',
    unit: '',
    unit_code: '',
    unit_price: '',
    discount_percent: '',
    tax_rate: taxRate ? String(taxRate) : '',
  }
}

const num = (s: string) => (s.trim() === '' ? 0 : Number(s))

/** Lines as the server and the totals twin take them; null where a line can't be read yet. */
export function toLineItems(items: readonly LineForm[], currency: string): Array<LineItem | null> {
  return items.map((l) => {
    const cents = parseMajor(l.unit_price || '0', currency || 'EUR')
    const q = Number(l.quantity)
    if (cents === null || !Number.isFinite(q)) return null
    return {
      id: l.id,
      description: l.description.trim(),
      quantity: q,
      unit: l.unit.trim(),
      unit_code: l.unit_code || unitCodeFor(l.unit),
      unit_price_cents: cents,
      discount_percent: num(l.discount_percent),
      tax_rate: num(l.tax_rate),
    }
  })
}

export function toBody(kind: DocumentKind, f: ParsedDocumentForm): Record<string, unknown> {
  const items = toLineItems(f.items, f.currency).filter((l): l is LineItem => l !== null)
  return {
    customer: f.customer,
    issue_date: pbDate(f.issue_date),
    [kind === 'invoices' ? 'due_date' : 'expiry_date']: f.end_date ? pbDate(f.end_date) : '',
    discount_percent: num(f.discount_percent),
    notes: f.notes,
    terms: f.terms,
    vat_exemption_category: f.vat_exemption_category,
    vat_exemption_reason: f.vat_exemption_reason,
    items,
  }
}

export function fromDocument(kind: DocumentKind, d: Quote | Invoice, copy = false): DocumentForm {
  const today = todayIso()
  const endOf = (x: Quote | Invoice) =>
    isoDate(kind === 'invoices' ? (x as Invoice).due_date : (x as Quote).expiry_date)
  const issue = isoDate(d.issue_date)
  const end = endOf(d)
  const span = issue && end ? Math.round((Date.parse(end) - Date.parse(issue)) / 86_400_000) : 30
  return {
    customer: d.customer,
    currency: d.currency,
    issue_date: copy ? today : issue,
    end_date: copy ? addDays(today, span) : end,
    discount_percent: d.discount_percent ? String(d.discount_percent) : '',
    notes: d.notes ?? '',
    terms: d.terms ?? '',
    vat_exemption_category: d.vat_exemption_category || 'Z',
    vat_exemption_reason: d.vat_exemption_reason ?? '',
    items: (d.items ?? []).map((l) => ({
      id: copy ? newLineId() : l.id || newLineId(),
      description: l.description,
      quantity: String(l.quantity),
      unit: l.unit ?? '',
      unit_code: l.unit_code ?? '',
      unit_price: toInputAmount(l.unit_price_cents, d.currency),
      discount_percent: l.discount_percent ? String(l.discount_percent) : '',
      tax_rate: l.tax_rate ? String(l.tax_rate) : '',
    })),
  }
}

import { isoDate, toMajor } from './format'
import type { PrintableDocument } from './printable'

/** The server's defaults for the send templates (a new account starts with these). */
export const DEFAULT_SUBJECT = '{kind} {number} from {business}'
export const DEFAULT_MESSAGE =
  'Hello {customer},\n\n{business} has sent you {kind} {number} for {amount}, due by {due_date}.\n\nView it online: {link}\n\nThank you,\n{business}'

/** The placeholders of the send templates (business settings); the server fills the same. */
export interface TemplateValues {
  kind: string
  number: string
  business: string
  customer: string
  amount: string
  due_date: string
  link: string
}

const NAMES = new Set(['kind', 'number', 'business', 'customer', 'amount', 'due_date', 'link'])

/**
 * Replaces each known {name} with its value, in one pass: a value is never read as a template,
 * and anything else ("{Kind}", "{ kind }", a lone brace) stays as typed. The twin of the
 * server's renderTemplate (decide_template.go); both pass tests/vectors/templates.json.
 */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{([^{}]*)\}/g, (whole, name: string) =>
    NAMES.has(name) ? values[name as keyof TemplateValues] : whole,
  )
}

/** The values the server fills for a document, for the send dialog's preview. */
export function templateValues(
  doc: PrintableDocument,
  customerContact: string,
  link: string,
): TemplateValues {
  const invoice = doc.kind === 'invoice'
  return {
    kind: invoice ? 'Invoice' : 'Quote',
    number: doc.number,
    business: doc.seller.company_name,
    customer: customerContact || doc.buyer.contact_name || doc.buyer.name,
    amount: `${toMajor(invoice ? doc.balance_cents : doc.total_cents, doc.currency)} ${doc.currency}`,
    due_date: isoDate(invoice ? doc.due_date : doc.expiry_date),
    link,
  }
}

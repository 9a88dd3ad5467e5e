import { isoDate } from './format'
import { docFormat } from './doc-format'
import type { PrintableDocument } from './printable'
import { isLocale, SOURCE_LOCALE, type Locale } from '@/lib/i18n/locales'

/** The server's defaults for the send templates (a new account starts with these). */
export const DEFAULT_SUBJECT = '{kind} {number} from {business}'
export const DEFAULT_MESSAGE =
  'Hello {customer},\n\n{business} has sent you {kind} {number} for {amount}, due by {due_date}.\n\nView it online: {link}\n\nThank you,\n{business}'

const NBSP = '\u00a0'

/**
 * What the mail of a document says in each language, before the server fills it in: the built-in
 * subject and message, and the words and number formats of its placeholders. The mails' own
 * words are the catalogue's mail namespace (src/locales/<lang>/mail.json, which the server
 * embeds); tests/unit/lib/mail-words.test.ts holds these to it, and tests/vectors/templates.json
 * and tests/vectors/mail-values.json hold both sides to the same text. They stay here as raw
 * templates (placeholders unfilled), which the compiled catalogue does not give.
 */
const MAIL: Record<
  Locale,
  {
    subject: string
    message: string
    /** A quote's message: "valid until", not "due by". */
    quoteMessage: string
    /** A credit note's message: no link, {invoice} is the invoice it corrects. */
    creditNoteMessage: string
    invoice: string
    quote: string
    creditNote: string
  }
> = {
  en: {
    creditNote: 'Credit note',
    creditNoteMessage:
      'Hello {customer},\n\n{business} has issued {kind} {number} for {amount}, correcting invoice {invoice}. It is attached.\n\nKind regards,\n{business}',
    subject: DEFAULT_SUBJECT,
    message: DEFAULT_MESSAGE,
    quoteMessage:
      'Hello {customer},\n\n{business} has sent you {kind} {number} for {amount}, valid until {due_date}.\n\nView it online: {link}\n\nThank you,\n{business}',
    invoice: 'Invoice',
    quote: 'Quote',
  },
  de: {
    creditNote: 'Gutschrift',
    creditNoteMessage:
      'Guten Tag {customer},\n\n{business} hat die {kind} {number} über {amount} zur Rechnung {invoice} ausgestellt. Sie finden sie im Anhang.\n\nMit freundlichen Grüßen\n{business}',
    subject: '{kind} {number} von {business}',
    message:
      'Guten Tag {customer},\n\n{business} hat Ihnen folgendes Dokument gesendet: {kind} {number} über {amount}, fällig bis {due_date}.\n\nOnline ansehen: {link}\n\nVielen Dank\n{business}',
    quoteMessage:
      'Guten Tag {customer},\n\n{business} hat Ihnen folgendes Dokument gesendet: {kind} {number} über {amount}, gültig bis {due_date}.\n\nOnline ansehen: {link}\n\nVielen Dank\n{business}',
    invoice: 'Rechnung',
    quote: 'Angebot',
  },
  fr: {
    creditNote: 'Avoir',
    creditNoteMessage:
      'Bonjour {customer},\n\n{business} a émis l’{kind} {number} de {amount}, qui corrige la facture {invoice}. Vous le trouverez en pièce jointe.\n\nCordialement,\n{business}',
    subject: '{kind} {number} de {business}',
    message: `Bonjour {customer},\n\n{business} vous a envoyé le document suivant${NBSP}: {kind} {number} d’un montant de {amount}, échéance le {due_date}.\n\nConsultez-le en ligne${NBSP}: {link}\n\nMerci,\n{business}`,
    quoteMessage: `Bonjour {customer},\n\n{business} vous a envoyé le document suivant${NBSP}: {kind} {number} d’un montant de {amount}, valable jusqu’au {due_date}.\n\nConsultez-le en ligne${NBSP}: {link}\n\nMerci,\n{business}`,
    invoice: 'Facture',
    quote: 'Devis',
  },
  es: {
    creditNote: 'Nota de crédito',
    creditNoteMessage:
      'Estimado/a {customer}:\n\n{business} ha emitido la {kind} {number} por {amount}, que corrige la factura {invoice}. La encontrará adjunta.\n\nAtentamente,\n{business}',
    subject: '{kind} {number} de {business}',
    message:
      'Estimado/a {customer}:\n\n{business} le ha enviado el siguiente documento: {kind} {number} por un importe de {amount}, con vencimiento el {due_date}.\n\nPuede consultarlo en línea: {link}\n\nGracias,\n{business}',
    quoteMessage:
      'Estimado/a {customer}:\n\n{business} le ha enviado el siguiente documento: {kind} {number} por un importe de {amount}, válido hasta el {due_date}.\n\nPuede consultarlo en línea: {link}\n\nGracias,\n{business}',
    invoice: 'Factura',
    quote: 'Presupuesto',
  },
  ar: {
    creditNote: 'إشعار دائن',
    creditNoteMessage:
      'مرحبًا {customer}،\n\nأصدر {business} {kind} رقم {number} بمبلغ {amount}، لتصحيح الفاتورة {invoice}. تجده مرفقًا.\n\nمع التحية،\n{business}',
    subject: '{kind} {number} من {business}',
    message:
      'مرحبًا {customer}،\n\nأرسل إليكم {business} المستند التالي: {kind} {number} بمبلغ {amount}، تاريخ الاستحقاق {due_date}.\n\nيمكنكم الاطلاع عليه عبر الرابط: {link}\n\nشكرًا لكم،\n{business}',
    quoteMessage:
      'مرحبًا {customer}،\n\nأرسل إليكم {business} المستند التالي: {kind} {number} بمبلغ {amount}، صالح حتى {due_date}.\n\nيمكنكم الاطلاع عليه عبر الرابط: {link}\n\nشكرًا لكم،\n{business}',
    invoice: 'فاتورة',
    quote: 'عرض سعر',
  },
}

const mailOf = (locale: string) => MAIL[locale as Locale] ?? MAIL[SOURCE_LOCALE]

/** The built-in subject and message of a document mail in a language (a quote's says "valid until"). */
export function defaultSendTemplates(
  locale: Locale,
  kind: 'invoice' | 'quote' | 'credit_note' = 'invoice',
): { subject: string; message: string } {
  const m = mailOf(locale)
  const message =
    kind === 'quote' ? m.quoteMessage : kind === 'credit_note' ? m.creditNoteMessage : m.message
  return { subject: m.subject, message }
}

/**
 * Whether a template is one of the built-in defaults (the English one every account starts with,
 * or another language's): then it is no choice of the owner's, and the document's language picks.
 */
export function isBuiltInTemplate(template: string): boolean {
  const s = template.trim()
  return Object.values(MAIL).some((m) => m.subject === s || m.message === s || m.quoteMessage === s)
}

/**
 * The templates the send dialog starts from: the business's own, unless it has none or it is a
 * built-in default (isBuiltInTemplate) — then the built-in default of the document's language.
 * The server picks the same (decideSendTemplate).
 */
export function sendTemplates(
  seller: { send_subject_template?: string; send_message_template?: string } | undefined,
  locale: Locale,
  kind: 'invoice' | 'quote' = 'invoice',
): { subject: string; message: string } {
  const defaults = defaultSendTemplates(locale, kind)
  const own = (saved: string | undefined) => {
    const s = (saved ?? '').trim()
    return s && !isBuiltInTemplate(s) ? s : null
  }
  return {
    subject: own(seller?.send_subject_template) ?? defaults.subject,
    message: own(seller?.send_message_template) ?? defaults.message,
  }
}

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

/** {kind} in a language: "Invoice", "Rechnung". */
export const mailKind = (kind: 'invoice' | 'quote' | 'creditNote', locale: string): string =>
  mailOf(locale)[kind]

/** {amount} in a language, as the document writes it (Intl): "€1,234.50", "1.234,50 €". */
export const mailAmount = (cents: number, currency: string, locale: string): string =>
  docFormat(isLocale(locale) ? locale : SOURCE_LOCALE).money(cents, currency)

/** {due_date} in a language, as the document writes it: "Apr 14, 2026", "14.04.2026"; "" for none. */
export function mailDate(value: string, locale: string): string {
  return isoDate(value) ? docFormat(isLocale(locale) ? locale : SOURCE_LOCALE).date(value) : ''
}

/** The values the server fills for a document, in its language, for the send dialog's preview. */
export function templateValues(
  doc: PrintableDocument,
  customerContact: string,
  link: string,
): TemplateValues {
  const invoice = doc.kind === 'invoice'
  const locale = isLocale(doc.language) ? doc.language : SOURCE_LOCALE
  return {
    kind: mailKind(doc.kind === 'credit_note' ? 'creditNote' : doc.kind, locale),
    number: doc.number,
    business: doc.seller.company_name,
    customer: customerContact || doc.buyer.contact_name || doc.buyer.name,
    amount: mailAmount(invoice ? doc.balance_cents : doc.total_cents, doc.currency, locale),
    due_date: mailDate(invoice ? doc.due_date : doc.expiry_date, locale),
    link,
  }
}

package billing

import (
	"strconv"
	"strings"

	"folio/server/migrations"
)

// mailWords is what the mail of a document says in one language: its
// labels, the default subject and message, and how numbers and dates are
// written. The web app's document catalogue (src/locales/*/doc.json) says
// the same on the sheet and the PDF; the defaults and the values of the
// placeholders are shared with the send dialog's preview through
// tests/vectors/templates.json and tests/vectors/mail-values.json.
type mailWords struct {
	// Invoice and Quote are the kind words, as {kind} and in the title.
	Invoice, Quote string
	// IssuedInvoice and IssuedQuote label the issue date.
	IssuedInvoice, IssuedQuote string
	// Due labels an invoice's due date, ValidUntil a quote's expiry date.
	Due, ValidUntil string
	// The columns of the lines table (HTML body).
	Description, Qty, UnitPrice, Tax, Amount string
	// LineTax is a line's rate in the plain-text body ("tax 20%").
	LineTax string
	// LineDiscount is a line's discount ("less 10%").
	LineDiscount string
	// The totals; Discount takes the document's rate.
	Subtotal, Discount, TaxTotal, Total, Paid, TotalDue string
	// PaymentDetails heads an invoice's bank details, with its labels
	// (the sheet's words, src/locales/*/doc.json payment.*).
	PaymentDetails, Holder, IBAN, BIC, Reference string
	// ViewInvoice and ViewQuote are the label of the link.
	ViewInvoice, ViewQuote string
	// DefaultSubject and DefaultMessage are the built-in send templates;
	// QuoteMessage is a quote's built-in message ("valid until", not "due
	// by"): it takes the default message's place in a quote's mail.
	DefaultSubject, DefaultMessage, QuoteMessage string

	// CreditNote is a credit note's kind word ({kind}); CreditNoteMessage
	// its built-in message ({invoice}: the number of the invoice it corrects).
	CreditNote, CreditNoteMessage string

	// DepositQuote and DepositInvoice name a deposit invoice's line: the
	// deposit on a quote or on an invoice (%s: its number).
	DepositQuote, DepositInvoice string

	// decimal is the decimal mark of quantities and rates.
	decimal string
	// lang is the language's code (set by wordsFor).
	lang string
	// rtl is true for a language written right to left.
	rtl bool
}

// nbsp is a no-break space: between a number and its unit, and before the
// French colon.
const nbsp = "\u00a0"

// mailCatalogue has every document language; a test checks each has every
// word. English is what the mail always said.
var mailCatalogue = map[string]mailWords{
	"en": {
		CreditNote: "Credit note", CreditNoteMessage: "Hello {customer},\n\n{business} has issued {kind} {number} for {amount}, correcting invoice {invoice}. It is attached.\n\nKind regards,\n{business}",
		DepositQuote: "Deposit on quote %s", DepositInvoice: "Deposit on invoice %s",
		PaymentDetails: "Payment details", Holder: "Account holder", IBAN: "IBAN", BIC: "BIC", Reference: "Reference",
		Invoice: "Invoice", Quote: "Quote",
		IssuedInvoice: "Issued", IssuedQuote: "Issued", Due: "Due", ValidUntil: "Valid until",
		Description: "Description", Qty: "Qty", UnitPrice: "Unit price", Tax: "Tax", Amount: "Amount",
		LineTax: "tax %s", LineDiscount: "less %s",
		Subtotal: "Subtotal", Discount: "Discount %s", TaxTotal: "Tax", Total: "Total", Paid: "Paid", TotalDue: "Total due",
		ViewInvoice: "View the invoice online", ViewQuote: "View the quote online",
		DefaultSubject: migrations.DefaultSendSubjectTemplate,
		DefaultMessage: migrations.DefaultSendMessageTemplate,
		QuoteMessage: "Hello {customer},\n\n{business} has sent you {kind} {number} for {amount}, valid until {due_date}.\n\n" +
			"View it online: {link}\n\nThank you,\n{business}",
		decimal: ".",
	},
	"de": {
		CreditNote: "Gutschrift", CreditNoteMessage: "Guten Tag {customer},\n\n{business} hat die {kind} {number} über {amount} zur Rechnung {invoice} ausgestellt. Sie finden sie im Anhang.\n\nMit freundlichen Grüßen\n{business}",
		DepositQuote: "Anzahlung zum Angebot %s", DepositInvoice: "Anzahlung zur Rechnung %s",
		PaymentDetails: "Zahlungsinformationen", Holder: "Kontoinhaber", IBAN: "IBAN", BIC: "BIC", Reference: "Verwendungszweck",
		Invoice: "Rechnung", Quote: "Angebot",
		IssuedInvoice: "Rechnungsdatum", IssuedQuote: "Angebotsdatum", Due: "Fälligkeitsdatum", ValidUntil: "Gültig bis",
		Description: "Beschreibung", Qty: "Menge", UnitPrice: "Einzelpreis", Tax: "Steuer", Amount: "Betrag",
		LineTax: "Steuer %s", LineDiscount: "abzgl. %s",
		Subtotal: "Zwischensumme", Discount: "Rabatt %s", TaxTotal: "Steuer", Total: "Gesamtbetrag", Paid: "Bezahlt",
		TotalDue:    "Offener Betrag",
		ViewInvoice: "Rechnung online ansehen", ViewQuote: "Angebot online ansehen",
		DefaultSubject: "{kind} {number} von {business}",
		DefaultMessage: "Guten Tag {customer},\n\n" +
			"{business} hat Ihnen folgendes Dokument gesendet: {kind} {number} über {amount}, fällig bis {due_date}.\n\n" +
			"Online ansehen: {link}\n\n" +
			"Vielen Dank\n{business}",
		QuoteMessage: "Guten Tag {customer},\n\n" +
			"{business} hat Ihnen folgendes Dokument gesendet: {kind} {number} über {amount}, gültig bis {due_date}.\n\n" +
			"Online ansehen: {link}\n\n" +
			"Vielen Dank\n{business}",
		decimal: ",",
	},
	"fr": {
		CreditNote: "Avoir", CreditNoteMessage: "Bonjour {customer},\n\n{business} a émis l’{kind} {number} de {amount}, qui corrige la facture {invoice}. Vous le trouverez en pièce jointe.\n\nCordialement,\n{business}",
		DepositQuote: "Acompte sur le devis %s", DepositInvoice: "Acompte sur la facture %s",
		PaymentDetails: "Coordonnées de paiement", Holder: "Titulaire du compte", IBAN: "IBAN", BIC: "BIC", Reference: "Référence",
		Invoice: "Facture", Quote: "Devis",
		IssuedInvoice: "Date d’émission", IssuedQuote: "Date d’émission", Due: "Date d’échéance", ValidUntil: "Date de validité",
		Description: "Description", Qty: "Qté", UnitPrice: "Prix unitaire", Tax: "Taxe", Amount: "Montant",
		LineTax: "taxe %s", LineDiscount: "moins %s",
		Subtotal: "Sous-total", Discount: "Remise %s", TaxTotal: "Taxe", Total: "Total", Paid: "Montant payé",
		TotalDue:    "Solde dû",
		ViewInvoice: "Voir la facture en ligne", ViewQuote: "Voir le devis en ligne",
		DefaultSubject: "{kind} {number} de {business}",
		DefaultMessage: "Bonjour {customer},\n\n" +
			"{business} vous a envoyé le document suivant" + nbsp + ": {kind} {number} d’un montant de {amount}, échéance le {due_date}.\n\n" +
			"Consultez-le en ligne" + nbsp + ": {link}\n\n" +
			"Merci,\n{business}",
		QuoteMessage: "Bonjour {customer},\n\n" +
			"{business} vous a envoyé le document suivant" + nbsp + ": {kind} {number} d’un montant de {amount}, valable jusqu’au {due_date}.\n\n" +
			"Consultez-le en ligne" + nbsp + ": {link}\n\n" +
			"Merci,\n{business}",
		decimal: ",",
	},
	"es": {
		CreditNote: "Nota de crédito", CreditNoteMessage: "Estimado/a {customer}:\n\n{business} ha emitido la {kind} {number} por {amount}, que corrige la factura {invoice}. La encontrará adjunta.\n\nAtentamente,\n{business}",
		DepositQuote: "Anticipo del presupuesto %s", DepositInvoice: "Anticipo de la factura %s",
		PaymentDetails: "Datos de pago", Holder: "Titular de la cuenta", IBAN: "IBAN", BIC: "BIC", Reference: "Concepto",
		Invoice: "Factura", Quote: "Presupuesto",
		IssuedInvoice: "Fecha de emisión", IssuedQuote: "Fecha de emisión", Due: "Fecha de vencimiento", ValidUntil: "Válido hasta",
		Description: "Descripción", Qty: "Cant.", UnitPrice: "Precio unitario", Tax: "Impuesto", Amount: "Importe",
		LineTax: "impuesto %s", LineDiscount: "menos %s",
		Subtotal: "Subtotal", Discount: "Descuento %s", TaxTotal: "Impuesto", Total: "Total", Paid: "Importe pagado",
		TotalDue:    "Saldo pendiente",
		ViewInvoice: "Ver la factura en línea", ViewQuote: "Ver el presupuesto en línea",
		DefaultSubject: "{kind} {number} de {business}",
		DefaultMessage: "Estimado/a {customer}:\n\n" +
			"{business} le ha enviado el siguiente documento: {kind} {number} por un importe de {amount}, con vencimiento el {due_date}.\n\n" +
			"Puede consultarlo en línea: {link}\n\n" +
			"Gracias,\n{business}",
		QuoteMessage: "Estimado/a {customer}:\n\n" +
			"{business} le ha enviado el siguiente documento: {kind} {number} por un importe de {amount}, válido hasta el {due_date}.\n\n" +
			"Puede consultarlo en línea: {link}\n\n" +
			"Gracias,\n{business}",
		decimal: ",",
	},
	"ar": {
		CreditNote: "إشعار دائن", CreditNoteMessage: "مرحبًا {customer}،\n\nأصدر {business} {kind} رقم {number} بمبلغ {amount}، لتصحيح الفاتورة {invoice}. تجده مرفقًا.\n\nمع التحية،\n{business}",
		DepositQuote: "دفعة مقدمة على عرض السعر %s", DepositInvoice: "دفعة مقدمة على الفاتورة %s",
		PaymentDetails: "بيانات الدفع", Holder: "صاحب الحساب", IBAN: "IBAN", BIC: "BIC", Reference: "المرجع",
		Invoice: "فاتورة", Quote: "عرض سعر",
		IssuedInvoice: "تاريخ الإصدار", IssuedQuote: "تاريخ الإصدار", Due: "تاريخ الاستحقاق", ValidUntil: "تاريخ انتهاء الصلاحية",
		Description: "الوصف", Qty: "الكمية", UnitPrice: "سعر الوحدة", Tax: "الضريبة", Amount: "المبلغ",
		LineTax: "الضريبة %s", LineDiscount: "بخصم %s",
		Subtotal: "المجموع الفرعي", Discount: "خصم %s", TaxTotal: "الضريبة", Total: "الإجمالي", Paid: "المبلغ المدفوع",
		TotalDue:    "الرصيد المستحق",
		ViewInvoice: "عرض الفاتورة عبر الإنترنت", ViewQuote: "عرض عرض السعر عبر الإنترنت",
		DefaultSubject: "{kind} {number} من {business}",
		DefaultMessage: "مرحبًا {customer}،\n\n" +
			"أرسل إليكم {business} المستند التالي: {kind} {number} بمبلغ {amount}، تاريخ الاستحقاق {due_date}.\n\n" +
			"يمكنكم الاطلاع عليه عبر الرابط: {link}\n\n" +
			"شكرًا لكم،\n{business}",
		QuoteMessage: "مرحبًا {customer}،\n\n" +
			"أرسل إليكم {business} المستند التالي: {kind} {number} بمبلغ {amount}، صالح حتى {due_date}.\n\n" +
			"يمكنكم الاطلاع عليه عبر الرابط: {link}\n\n" +
			"شكرًا لكم،\n{business}",
		decimal: ".", rtl: true,
	},
}

// wordsFor is a language's words; English for a language Folio does not
// write documents in.
func wordsFor(lang string) mailWords {
	lang = wordsLanguage(lang)
	w := mailCatalogue[lang]
	w.lang = lang
	return w
}

// defaultMessage is the built-in message of a noun's mail.
func (w mailWords) defaultMessage(noun string) string {
	if noun == "quote" {
		return w.QuoteMessage
	}
	return w.DefaultMessage
}

// kind is the kind word of a noun ("invoice" → "Rechnung").
func (w mailWords) kind(noun string) string {
	if noun == "quote" {
		return w.Quote
	}
	return w.Invoice
}

// money writes an amount as the document does (Intl's currency style in
// the language: "€4,997.75", "4.997,75 €"; intl_format.go).
func (w mailWords) money(cents int64, currency string) string {
	return intlFormatOf(w.lang).money(cents, currency)
}

// number writes a plain number (a quantity, a rate) without trailing zeros
// and with the language's decimal mark: 1.5 → "1,5".
func (w mailWords) number(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if w.decimal != "." {
		s = strings.Replace(s, ".", w.decimal, 1)
	}
	return s
}

// percent writes a rate as the sheet does (Intl): 20 → "20%" (en),
// "20 %" (de, fr, es), with Arabic's direction marks around "%".
func (w mailWords) percent(p float64) string {
	around := intlFormatOf(w.lang).Percent
	return around[0] + w.number(p) + around[1]
}

// date writes a YYYY-MM-DD day as the document does ("Dec 27, 2026",
// "27.12.2026"); anything unreadable is left as it is.
func (w mailWords) date(day string) string {
	return intlFormatOf(w.lang).date(day)
}

// wordsLanguage is the language wordsFor writes in.
func wordsLanguage(lang string) string {
	if _, ok := mailCatalogue[lang]; ok {
		return lang
	}
	return migrations.DefaultDocumentLanguage
}

// mailTemplateValues are the placeholders of a document's mail in its
// language: the kind word, the amount due and the due (or expiry) date as
// the language writes them.
func mailTemplateValues(w mailWords, noun, number, business, customer string, dueCents int64, currency, endDate,
	link string) templateValues {
	return templateValues{
		Kind:     w.kind(noun),
		Number:   number,
		Business: business,
		Customer: customer,
		Amount:   w.money(dueCents, currency),
		DueDate:  w.date(endDate),
		Link:     link,
	}
}

// builtInSubjects and builtInMessages are every language's default send
// templates (see decideSendTemplate).
var builtInSubjects, builtInMessages = func() (subjects, messages []string) {
	for _, w := range mailCatalogue {
		subjects = append(subjects, w.DefaultSubject)
		messages = append(messages, w.DefaultMessage, w.QuoteMessage)
	}
	return subjects, messages
}()

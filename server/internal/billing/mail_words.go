package billing

import (
	"strconv"
	"strings"

	"folio/server/internal/mailwords"
	"folio/server/migrations"
)

// mailWords is what the mail of a document says in one language: its
// labels, the default subject and message, and how numbers and dates are
// written. The words are the web app's catalogue (src/locales/*/mail.json,
// "document.*", package mailwords); the sheet and the PDF say the same
// from doc.json. The defaults and the values of the placeholders are
// shared with the send dialog's preview through tests/vectors/templates.json
// and tests/vectors/mail-values.json.
type mailWords struct {
	// Invoice and Quote are the kind words, as {kind} and in the title.
	Invoice, Quote string
	// IssuedInvoice and IssuedQuote label the issue date.
	IssuedInvoice, IssuedQuote string
	// Due labels an invoice's due date, ValidUntil a quote's expiry date.
	Due, ValidUntil string
	// The columns of the lines table (HTML body).
	Description, Qty, UnitPrice, Tax, Amount string
	// LineTax is a line's rate in the plain-text body ("tax {rate}").
	LineTax string
	// LineDiscount is a line's discount ("less {rate}").
	LineDiscount string
	// The totals; Discount takes the document's rate ({rate}); Deducted
	// is what a final invoice's deposits brought in.
	Subtotal, Discount, TaxTotal, Total, Deducted, Paid, TotalDue string
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
	// deposit on a quote or on an invoice ({number}: its number).
	DepositQuote, DepositInvoice string

	// decimal is the decimal mark of quantities and rates.
	decimal string
	// lang is the language's code (set by wordsFor).
	lang string
	// rtl is true for a language written right to left.
	rtl bool
}

// documentWordsOf reads one language's "document.*" messages.
func documentWordsOf(w mailwords.Words) mailWords {
	return mailWords{
		Invoice: w["kind.invoice"], Quote: w["kind.quote"], CreditNote: w["kind.creditNote"],
		IssuedInvoice: w["issued.invoice"], IssuedQuote: w["issued.quote"], Due: w["due"], ValidUntil: w["validUntil"],
		Description: w["column.description"], Qty: w["column.qty"], UnitPrice: w["column.unitPrice"],
		Tax: w["column.tax"], Amount: w["column.amount"],
		LineTax: w["lineTax"], LineDiscount: w["lineDiscount"],
		Subtotal: w["subtotal"], Discount: w["discount"], TaxTotal: w["taxTotal"], Total: w["total"], Deducted: w["deducted"], Paid: w["paid"],
		TotalDue:       w["totalDue"],
		PaymentDetails: w["payment.title"], Holder: w["payment.holder"], IBAN: w["payment.iban"], BIC: w["payment.bic"],
		Reference:   w["payment.reference"],
		ViewInvoice: w["view.invoice"], ViewQuote: w["view.quote"],
		DefaultSubject: w["subject"], DefaultMessage: w["message.invoice"], QuoteMessage: w["message.quote"],
		CreditNoteMessage: w["message.creditNote"],
		DepositQuote:      w["deposit.quote"], DepositInvoice: w["deposit.invoice"],
	}
}

// decimalMarks are the decimal marks of quantities and rates; Arabic is
// also written right to left.
var decimalMarks = map[string]string{"en": ".", "de": ",", "fr": ",", "es": ",", "ar": "."}

// mailCatalogue has every document language; a test checks each has every
// word.
var mailCatalogue = func() map[string]mailWords {
	out := map[string]mailWords{}
	for lang, w := range mailwords.Section("document") {
		words := documentWordsOf(w)
		words.decimal, words.rtl = decimalMarks[lang], lang == "ar"
		out[lang] = words
	}
	return out
}()

// fillRate puts a written rate into a message's {rate} ("tax {rate}").
func fillRate(message, rate string) string {
	return mailwords.Fill(message, map[string]string{"rate": rate})
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

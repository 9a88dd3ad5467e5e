package billing

import (
	"errors"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// Refusal messages. Each answer is a 400 whose message is one of these and
// whose data names the field, e.g.
//
//	{"status":400,"message":"The payment is more than the balance due (12.34 EUR).",
//	 "data":{"amount_cents":{"code":"folio_overpayment","message":"…"}}}
//
// so the web app can show the sentence as it is or next to the field.
// PocketBase ends messages with a period; these are written with one.
// They are the texts the web app can expect (see the package tests).
const (
	msgOwnerFixed          = "The owner of a record can't change."
	msgOwnerMissing        = "The owner account doesn't exist."
	msgForeignCustomer     = "The customer must be one of your own customers."
	msgForeignInvoice      = "The invoice must be one of your own invoices."
	msgForeignQuote        = "The quote must be one of your own quotes."
	msgCustomerHasDocs     = "This customer has quotes or invoices. Archive it instead."
	msgCurrencyFrozen      = "The currency can't change once the customer has quotes or invoices."
	msgNumberFixed         = "A document number never changes."
	msgNewQuoteDraft       = "A new quote starts as a draft. Save it, then send it."
	msgNewInvoiceDraft     = "A new invoice starts as a draft. Save it, then send it."
	msgSendNeedsLines      = "Add at least one line and a total above zero before sending."
	msgQuoteExpired        = "This quote has expired. Extend its expiry date before accepting it."
	msgUseConvert          = "Use Convert to turn a quote into an invoice."
	msgStatusFromPayments  = "Partial and paid are set by payments. Record a payment instead."
	msgVoidHasPayments     = "An invoice with payments can't be voided. Delete its payments first."
	msgVoidNeedsReason     = "Give a reason to void the invoice."
	msgDraftCantVoid       = "A draft can't be voided. Delete it instead."
	msgVoidFinal           = "A void invoice can't change. Duplicate it instead."
	msgLinkFixed           = "The link between a quote and its invoice is set by Convert and can't be changed."
	msgDueBeforeIssue      = "The due date can't be before the issue date."
	msgExpiryBeforeIssue   = "The expiry date can't be before the issue date."
	msgInvalidDate         = "Enter a valid date."
	msgDateOutOfRange      = "Enter a date between 1970 and 2199."
	msgQuoteConvertedKept  = "A converted quote can't be deleted."
	msgInvoiceHasPayments  = "This invoice has payments and can't be deleted."
	msgInvoiceOnlyDraftDel = "Only draft invoices can be deleted. Void it instead."
	msgPaymentOnVoid       = "Payments can't be recorded on a void invoice."
	msgAlreadyPaid         = "This invoice is already paid."
	msgNothingDue          = "This invoice has nothing left to pay."
	msgPaymentMoved        = "A payment can't move to another invoice. Delete it and record it on the right invoice."
	msgAlreadyConverted    = "This quote was already converted to an invoice."
	msgRejectedNoConvert   = "A rejected quote can't be converted. Revise it first."
	msgConvertNeedsLines   = "Add at least one line before converting."
	msgQuoteNotFound       = "Quote not found."
	msgInvoiceNotFound     = "Invoice not found."
	msgNoCustomerEmail     = "Add an email address to the customer before sending."
	msgVoidNoSend          = "A void invoice can't be sent."
	msgConvertedNoSend     = "A converted quote can't be sent. Send its invoice instead."
	msgRejectedNoSend      = "A rejected quote can't be sent. Revise it first."
	msgMailFailed          = "The email could not be sent. Try again in a moment."
	msgAmountTooLarge      = "The amount is too large."
	msgInvalidIBAN         = "Enter a valid IBAN (check the digits)."
	msgInvalidBIC          = "Enter a valid BIC (8 or 11 letters and digits)."
	msgDraftNotPublic      = "Send or mark the document as sent first."
	msgVoidNoLink          = "A void invoice has no public link."
	msgLinkInvalid         = "This link is no longer valid."
	msgAcceptName          = "Type your full name to accept."
	msgAcceptNoteLong      = "The note is too long (1000 characters at most)."
	msgRejectReason        = "Give a reason for declining the quote."
	msgRejectReasonLong    = "The reason is too long (1000 characters at most)."
	msgAlreadyAnswered     = "This quote has already been answered."
	msgInvoiceNoAnswer     = "An invoice can't be accepted or rejected."
	msgInvalidTo           = "Enter a valid email address."
	msgInvalidCc           = "Enter valid email addresses, separated by commas."
	msgTooManyCc           = "Add at most 10 addresses in copy."
	msgSubjectLong         = "The subject is too long (200 characters at most)."
	msgMessageLong         = "The message is too long (5000 characters at most)."
	msgInvalidPDF          = "Attach the document as a PDF of 10 MB at most."

	// E-invoicing (decide_einvoice.go).
	msgInvalidVATID          = "Enter the VAT ID with its country prefix, e.g. DE123456789."
	msgInvalidCountry        = "Enter the country as its two-letter code, e.g. DE."
	msgEndpointScheme        = "Choose the scheme of the electronic address."
	msgEndpointSchemeUnknown = "Choose a scheme from the list."
	msgEndpointID            = "Enter the electronic address for this scheme."
	msgEndpointEmail         = "Enter a valid email address as the electronic address."
	msgLeitwegFormat         = "Enter the Leitweg-ID as 2 to 12 digits, an optional part of letters and digits, and 2 check digits, separated by dashes (e.g. 04011000-12345-03)."
	msgLeitwegCheck          = "This Leitweg-ID's check digits don't match."
	msgVATCategory           = "Choose a VAT category from the list."
	msgExemptionReason       = "Give the reason for the VAT exemption (it is printed on the invoice)."

	// Formats, filled in by the decisions.
	fmtBadTransition  = "%s %s %s can't be marked %s." // "A sent quote can't be marked draft."
	fmtUnknownStatus  = "Unknown status %q."
	fmtLocked         = "%s %s %s can't be edited." // "A paid invoice can't be edited."
	fmtCustomerLocked = "The customer can only change while the %s is a draft."
	fmtAmountMin      = "The amount must be at least %s."
	fmtSendGone       = "The %s was deleted before it could be sent." // "The invoice was deleted …"
	fmtOverpayment    = "The payment is more than the balance due (%s)."
	// "Fill in the VAT ID and the city to send e-invoices."
	fmtEInvoiceMissing = "Fill in %s to send e-invoices."
	// "A reverse charge needs the customer's VAT ID. Add it to the customer."
	fmtBuyerVATIDMissing = "%s needs the customer's VAT ID. Add it to the customer."
	// "A reverse charge needs your VAT ID. Add it in the business settings."
	fmtSellerVATIDMissing = "%s needs your VAT ID. Add it in the business settings."
)

// ruleError is a refusal decided by a pure function: the field it is about,
// a stable code and the sentence for people.
type ruleError struct {
	field, code, message string
}

// Error returns the sentence for people.
func (e *ruleError) Error() string { return e.message }

// api turns the refusal into PocketBase's 400 answer.
func (e *ruleError) api() *router.ApiError {
	return router.NewBadRequestError(e.message, validation.Errors{
		e.field: validation.NewError(e.code, e.message),
	})
}

// refuseAll is the 400 answer for several refusals at once: message for
// people, and each field with its own sentence.
func refuseAll(message string, errs []ruleError) *router.ApiError {
	data := validation.Errors{}
	for _, e := range errs {
		data[e.field] = validation.NewError(e.code, e.message)
	}
	return router.NewBadRequestError(message, data)
}

// refuse is the 400 answer for a refusal decided inside a hook.
func refuse(field, code, message string) *router.ApiError {
	return (&ruleError{field, code, message}).api()
}

// saveFailure is a route's answer to a save that failed: a refusal from
// the hooks as it is, other validation errors as a 400 with the sentence
// given, anything else as a 500.
func saveFailure(e *core.RequestEvent, err error, invalid string) error {
	var apiErr *router.ApiError
	var verr validation.Errors
	switch {
	case errors.As(err, &apiErr):
		return apiErr
	case errors.As(err, &verr):
		return e.BadRequestError(invalid, verr)
	default:
		return e.InternalServerError("", err)
	}
}

package billing

import (
	"errors"
	"fmt"
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// Refusal messages. Each refusal has a stable code (refusalMessages: one
// code, one sentence) and, when the sentence is filled in, its params, so
// a client can say it in another language (see package refusal). A
// refusal about a field is a 400 whose message is the sentence and whose
// data names the field, e.g.
//
//	{"status":400,"message":"The payment is more than the balance due (12.34 EUR).",
//	 "data":{"amount_cents":{"code":"folio_overpayment","message":"…",
//	   "params":{"amount":"12.34 EUR","amount_cents":1234,"currency":"EUR"}}}}
//
// and one about no field (a document not found, a mail that failed) has
// its code under data["@refusal"] (refusal.Key), which is no field's name:
//
//	{"status":404,"message":"Quote not found.",
//	 "data":{"@refusal":{"code":"folio_quote_not_found","message":"Quote not found."}}}
//
// so the web app can show the sentence as it is, in the user's language
// (src/locales/*/server.json, keyed by code), or next to the field.
// Params name what the sentence says: kind ("quote"/"invoice"), from/to
// (statuses), status, amount (as written, "12.34 EUR") with amount_cents
// and currency, category (a VAT category), fields (the settings missing).
// PocketBase ends messages with a period; these are written with one.
// They are the texts the web app can expect (see the package tests).
// CodeRefundsExceedCredit refuses a change that would leave an invoice's
// refunds above its credit (a payment lowered after a refund).
const CodeRefundsExceedCredit = "folio_refunds_exceed_credit"

const (
	msgOwnerFixed          = "The owner of a record can't change."
	msgOwnerMissing        = "The owner account doesn't exist."
	msgChangedElsewhere    = "This was changed elsewhere (in another tab or on another device) after you opened it. Open it again to see the change, then make yours."
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
	msgIssueDateWindow     = "Enter a date from the year 2000 on, and no more than a year from today."
	msgDueDateWindow       = "Enter a date from the year 2000 on, and no more than five years from today."
	msgDateInFuture        = "Enter a date from the year 2000 on, and no later than today: payments, refunds and credit notes are dated when they happen."
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
	msgConvertNeedsSend    = "Send the quote to the customer before converting it to an invoice."
	msgQuoteNotFound       = "Quote not found."
	msgInvoiceNotFound     = "Invoice not found."
	msgCreditNoteNotFound  = "Credit note not found."
	msgNoCustomerEmail     = "Add an email address to the customer before sending."
	msgVoidNoSend          = "A void invoice can't be sent."
	msgConvertedNoSend     = "A converted quote can't be sent. Send its invoice instead."
	msgRejectedNoSend      = "A rejected quote can't be sent. Revise it first."
	msgMailFailed          = "The email could not be sent. Try again in a moment."
	msgSendUnverified      = "Verify your email address before sending: open the link in the verification email we sent you."
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
	msgConvertFailed       = "The quote can't be converted."
	msgAcceptFailed        = "The quote can't be accepted."
	msgRejectFailed        = "The quote can't be rejected."

	// Deposit and final invoices (decide_final.go, route_deposit.go).
	msgDepositsExceedWork = "The deposits paid are more than this invoice's total."
	msgDepositNoWork      = "Add lines with a total above zero before requesting a deposit."
	msgDepositInvalid     = "Enter a percentage above 0 and up to 100, or an amount up to the total."
	msgDepositSource      = "A deposit can be requested from a sent or accepted quote or from a draft invoice."
	msgDepositsMoved      = "A deposit was paid or credited while you were sending: the final invoice now deducts what it brought in. Check the invoice, then send it again."

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
	msgItemPriceCurrency     = "Each price needs a 3-letter currency code like EUR."
	msgItemPriceInvalid      = "A price must be a whole number of cents and not too large."
	msgItemPriceTwice        = "An item has one price per currency."
	msgItemSKUTaken          = "Another item already has this SKU."
	msgExemptionReason       = "Give the reason for the VAT exemption (it is printed on the invoice)."

	// Expenses and vendors (decide_expense.go, hook_expenses.go).
	msgExpenseLinesInvalid  = "The VAT lines must be a list of lines, each with a rate and an amount."
	fmtExpenseLinesCount    = "An expense has from 1 to %d VAT lines."
	fmtExpenseRateInvalid   = "Line %d: the VAT rate must be from 0 to 100, with at most 3 decimals."
	fmtExpenseRateTwice     = "Line %d: there is already a line at this VAT rate. Put each rate on one line."
	fmtExpenseAmountInvalid = "Line %d: amounts are whole numbers of cents, not below zero and not too large."
	fmtExpenseAmountMissing = "Line %d: enter the gross or the net amount."
	fmtExpenseVATMismatch   = "Line %d: the VAT entered is more than 1 cent away from the VAT at this rate (%s)."
	fmtExpenseLineMismatch  = "Line %d: net plus VAT must equal the gross amount."
	msgExpenseCategories    = "Give at most 30 categories, each a name of up to 60 characters."
	msgExpenseSourceFixed   = "The received e-invoice is kept as it came: its file can't be replaced or removed."
	msgForeignVendor        = "The vendor must be one of your own vendors."

	// Credit notes and refunds (decide_credit.go).
	msgCreditNeedsIssued     = "Only an issued invoice (sent, viewed, partly paid or paid) can be credited."
	msgCreditNeedsLines      = "Add at least one line and a total above zero to the credit note."
	msgNothingToCredit       = "This invoice is already credited in full."
	msgCreditNoteLocked      = "An issued credit note can't change. Issue another credit note instead."
	msgCreditNoteKept        = "A credit note can't be deleted. It stays on record with its invoice."
	msgCreditBeforeInvoice   = "A credit note can't be dated before its invoice."
	msgForeignCreditNote     = "The credit note must be one of your own credit notes."
	msgNoCreditLeft          = "There is no credit left to refund on this credit note."
	msgRefundFixed           = "A refund's amount, date and method can't change. Delete it and record it again."
	msgInvoiceCreditedLocked = "This invoice has credit notes and can't be edited. Issue a credit note for any correction."
	msgVoidHasCredits        = "An invoice with credit notes can't be voided."
	msgRefundsExceedCredit   = "The refunds on this invoice would be more than its credit. Delete a refund first."
	msgCreditNoteMoved       = "A credit note can't move to another invoice."
	msgCreditOtherCustomer   = "The credit belongs to another customer or currency."
	msgCreditPaymentFixed    = "An applied credit's amount, method and credit note can't change. Delete it and apply it again."
	msgProviderPaymentFixed  = "A card payment stays linked to the payment at its provider."
	msgCreditNeedsNote       = "Choose the credit note whose credit is applied."
	msgNoCreditToApply       = "There is no credit left to apply on this credit note."

	// Formats, filled in by the decisions.
	fmtBadTransition = "%s %s %s can't be marked %s." // "A sent quote can't be marked draft."
	fmtUnknownStatus = "Unknown status %q."
	fmtLocked        = "%s %s %s can't be edited." // "A paid invoice can't be edited."
	// msgNewQuoteDraft and msgNewInvoiceDraft.
	fmtNewIsDraft     = "A new %s starts as a draft. Save it, then send it."
	fmtCustomerLocked = "The customer can only change while the %s is a draft."
	fmtAmountMin      = "The amount must be at least %s."
	fmtSendGone       = "The %s was deleted before it could be sent." // "The invoice was deleted …"
	// fmtSendAccountLimit: "You can send at most 20 emails an hour. …"
	fmtSendAccountLimit = "You can send at most %d emails an hour. Try again later."
	// fmtSendDocumentLimit: "This invoice was already emailed 3 times in the last hour. …"
	fmtSendDocumentLimit = "This %s was already emailed %d times in the last hour. Try again later."
	fmtMarkSentFailed    = "The %s could not be marked sent."
	fmtOverpayment       = "The payment is more than the balance due (%s)."
	fmtCreditOverCap     = "The credit note is more than what is left to credit on the invoice (%s)."
	// "The invoice charged nothing at 20 % VAT, so the credit note can't credit anything at that rate."
	fmtCreditRateNotCharged = "The invoice charged nothing at %s %% VAT, so the credit note can't credit anything at that rate."
	// "At 20 % VAT, the credit note is more than what is left to credit on the invoice (50.00 EUR net, 10.00 EUR VAT)."
	fmtCreditOverRate = "At %s %% VAT, the credit note is more than what is left to credit on the invoice (%s net, %s VAT)."
	fmtRefundOverLeft = "The refund is more than the credit left (%s)."
	// "This prefix could give the same numbers as the prefix of your invoices (INV-). …"
	fmtPrefixClash = "This prefix could give the same numbers as the prefix of your %s (%s). Choose a prefix that differs from it by more than capitals or added digits."
	// "The number INV-00001 is already used by another kind of document. …"
	fmtNumberTaken   = "The number %s is already used by another kind of document. Change the number prefix in the settings."
	fmtApplyOverLeft = "The amount is more than the credit left (%s)."
	// "INV-00099 is a number Folio will give with the prefix INV-. …"
	fmtImportedNumberInSequence = "%s is a number Folio will give to its own documents with the prefix %s. Import it with another number, or change the prefix in the settings first."
	// "An invoice numbered INV-2023-0099 is already there."
	fmtImportedNumberExists  = "A document numbered %s is already there."
	msgImportedNumberMissing = "An imported invoice needs its number."
	// "Fill in the VAT ID and the city to send e-invoices."
	fmtEInvoiceMissing = "Fill in %s to send e-invoices."
	// "A reverse charge needs the customer's VAT ID. Add it to the customer."
	fmtBuyerVATIDMissing = "%s needs the customer's VAT ID. Add it to the customer."
	// "A reverse charge needs your VAT ID. Add it in the business settings."
	fmtSellerVATIDMissing = "%s needs your VAT ID. Add it in the business settings."
)

// refusalMessages maps each code of the package to its sentence (or its
// format): one code, one sentence. TestRefusalCodes checks that the
// package builds every refusal this way and that the web app has a
// message for each code.
var refusalMessages = map[string]string{
	"folio_owner_fixed":                 msgOwnerFixed,
	"folio_owner_missing":               msgOwnerMissing,
	"folio_changed_elsewhere":           msgChangedElsewhere,
	"folio_foreign_customer":            msgForeignCustomer,
	"folio_foreign_invoice":             msgForeignInvoice,
	"folio_foreign_quote":               msgForeignQuote,
	"folio_customer_has_documents":      msgCustomerHasDocs,
	"folio_currency_frozen":             msgCurrencyFrozen,
	"folio_number_fixed":                msgNumberFixed,
	"folio_new_is_draft":                fmtNewIsDraft,
	"folio_send_needs_lines":            msgSendNeedsLines,
	"folio_quote_expired":               msgQuoteExpired,
	"folio_use_convert":                 msgUseConvert,
	"folio_status_from_payments":        msgStatusFromPayments,
	"folio_void_has_payments":           msgVoidHasPayments,
	"folio_void_needs_reason":           msgVoidNeedsReason,
	"folio_draft_cant_void":             msgDraftCantVoid,
	"folio_void_final":                  msgVoidFinal,
	"folio_link_fixed":                  msgLinkFixed,
	"folio_due_before_issue":            msgDueBeforeIssue,
	"folio_expiry_before_issue":         msgExpiryBeforeIssue,
	"folio_invalid_date":                msgInvalidDate,
	"folio_date_out_of_range":           msgDateOutOfRange,
	"folio_issue_date_window":           msgIssueDateWindow,
	"folio_due_date_window":             msgDueDateWindow,
	"folio_date_in_future":              msgDateInFuture,
	"folio_converted_kept":              msgQuoteConvertedKept,
	"folio_invoice_has_payments":        msgInvoiceHasPayments,
	"folio_only_draft_delete":           msgInvoiceOnlyDraftDel,
	"folio_payment_on_void":             msgPaymentOnVoid,
	"folio_already_paid":                msgAlreadyPaid,
	"folio_nothing_due":                 msgNothingDue,
	"folio_payment_moved":               msgPaymentMoved,
	"folio_already_converted":           msgAlreadyConverted,
	"folio_rejected_no_convert":         msgRejectedNoConvert,
	"folio_convert_needs_lines":         msgConvertNeedsLines,
	"folio_convert_needs_send":          msgConvertNeedsSend,
	"folio_quote_not_found":             msgQuoteNotFound,
	"folio_invoice_not_found":           msgInvoiceNotFound,
	"folio_credit_note_not_found":       msgCreditNoteNotFound,
	"folio_no_email":                    msgNoCustomerEmail,
	"folio_void_no_send":                msgVoidNoSend,
	"folio_converted_no_send":           msgConvertedNoSend,
	"folio_rejected_no_send":            msgRejectedNoSend,
	"folio_mail_failed":                 msgMailFailed,
	"folio_send_unverified":             msgSendUnverified,
	"folio_amount_max":                  msgAmountTooLarge,
	"folio_invalid_iban":                msgInvalidIBAN,
	"folio_invalid_bic":                 msgInvalidBIC,
	"folio_draft_not_public":            msgDraftNotPublic,
	"folio_void_no_link":                msgVoidNoLink,
	"folio_link_invalid":                msgLinkInvalid,
	"folio_accept_name":                 msgAcceptName,
	"folio_note_too_long":               msgAcceptNoteLong,
	"folio_reject_reason":               msgRejectReason,
	"folio_reason_too_long":             msgRejectReasonLong,
	"folio_already_answered":            msgAlreadyAnswered,
	"folio_invoice_no_answer":           msgInvoiceNoAnswer,
	"folio_invalid_email":               msgInvalidTo,
	"folio_invalid_cc":                  msgInvalidCc,
	"folio_too_many_cc":                 msgTooManyCc,
	"folio_subject_too_long":            msgSubjectLong,
	"folio_message_too_long":            msgMessageLong,
	"folio_invalid_pdf":                 msgInvalidPDF,
	"folio_convert_failed":              msgConvertFailed,
	"folio_accept_failed":               msgAcceptFailed,
	"folio_reject_failed":               msgRejectFailed,
	"folio_deposits_exceed_work":        msgDepositsExceedWork,
	"folio_deposit_no_work":             msgDepositNoWork,
	"folio_deposit_invalid":             msgDepositInvalid,
	"folio_deposit_source":              msgDepositSource,
	"folio_deposits_moved":              msgDepositsMoved,
	"folio_invalid_vat_id":              msgInvalidVATID,
	"folio_invalid_country":             msgInvalidCountry,
	"folio_endpoint_scheme_missing":     msgEndpointScheme,
	"folio_invalid_endpoint_scheme":     msgEndpointSchemeUnknown,
	"folio_endpoint_id_missing":         msgEndpointID,
	"folio_invalid_endpoint_email":      msgEndpointEmail,
	"folio_invalid_leitweg_id":          msgLeitwegFormat,
	"folio_leitweg_check_digits":        msgLeitwegCheck,
	"folio_invalid_vat_category":        msgVATCategory,
	"folio_item_price_currency":         msgItemPriceCurrency,
	"folio_item_price_invalid":          msgItemPriceInvalid,
	"folio_item_price_twice":            msgItemPriceTwice,
	"folio_item_sku_taken":              msgItemSKUTaken,
	"folio_exemption_reason_missing":    msgExemptionReason,
	"folio_expense_lines_invalid":       msgExpenseLinesInvalid,
	"folio_expense_lines_count":         fmtExpenseLinesCount,
	"folio_expense_rate_invalid":        fmtExpenseRateInvalid,
	"folio_expense_rate_twice":          fmtExpenseRateTwice,
	"folio_expense_amount_invalid":      fmtExpenseAmountInvalid,
	"folio_expense_amount_missing":      fmtExpenseAmountMissing,
	"folio_expense_vat_mismatch":        fmtExpenseVATMismatch,
	"folio_expense_line_mismatch":       fmtExpenseLineMismatch,
	"folio_expense_categories_invalid":  msgExpenseCategories,
	"folio_expense_source_fixed":        msgExpenseSourceFixed,
	"folio_foreign_vendor":              msgForeignVendor,
	"folio_bad_transition":              fmtBadTransition,
	"folio_unknown_status":              fmtUnknownStatus,
	"folio_locked":                      fmtLocked,
	"folio_customer_locked":             fmtCustomerLocked,
	"folio_amount_min":                  fmtAmountMin,
	"folio_send_gone":                   fmtSendGone,
	"folio_send_account_limit":          fmtSendAccountLimit,
	"folio_send_document_limit":         fmtSendDocumentLimit,
	"folio_mark_sent_failed":            fmtMarkSentFailed,
	"folio_overpayment":                 fmtOverpayment,
	"folio_credit_over_cap":             fmtCreditOverCap,
	"folio_credit_rate_not_charged":     fmtCreditRateNotCharged,
	"folio_credit_over_rate":            fmtCreditOverRate,
	"folio_prefix_clash":                fmtPrefixClash,
	"folio_number_taken":                fmtNumberTaken,
	"folio_imported_number_in_sequence": fmtImportedNumberInSequence,
	"folio_imported_number_exists":      fmtImportedNumberExists,
	"folio_imported_number_missing":     msgImportedNumberMissing,
	"folio_refund_over_credit":          fmtRefundOverLeft,
	"folio_credit_needs_issued":         msgCreditNeedsIssued,
	"folio_credit_needs_lines":          msgCreditNeedsLines,
	"folio_nothing_to_credit":           msgNothingToCredit,
	"folio_credit_note_locked":          msgCreditNoteLocked,
	"folio_credit_note_kept":            msgCreditNoteKept,
	"folio_credit_before_invoice":       msgCreditBeforeInvoice,
	"folio_foreign_credit_note":         msgForeignCreditNote,
	"folio_no_credit_left":              msgNoCreditLeft,
	"folio_refund_fixed":                msgRefundFixed,
	"folio_invoice_credited_locked":     msgInvoiceCreditedLocked,
	"folio_void_has_credits":            msgVoidHasCredits,
	"folio_refunds_exceed_credit":       msgRefundsExceedCredit,
	"folio_credit_note_moved":           msgCreditNoteMoved,
	"folio_credit_other_customer":       msgCreditOtherCustomer,
	"folio_credit_payment_fixed":        msgCreditPaymentFixed,
	"folio_provider_payment_fixed":      msgProviderPaymentFixed,
	"folio_credit_needs_note":           msgCreditNeedsNote,
	"folio_apply_over_credit":           fmtApplyOverLeft,
	"folio_no_credit_to_apply":          msgNoCreditToApply,
	"folio_einvoice_missing":            fmtEInvoiceMissing,
	"folio_buyer_vat_id_missing":        fmtBuyerVATIDMissing,
	"folio_seller_vat_id_missing":       fmtSellerVATIDMissing,
	"folio_reminder_steps":              msgReminderSteps,
}

// params are the values a sentence was filled in with, by name.
type params = map[string]any

// ruleError is a refusal decided by a pure function: the field it is about
// ("" for none), a stable code, the sentence for people and the values in
// it.
type ruleError struct {
	field, code, message string
	params               params
}

// newRuleError is a refusal of field with a fixed sentence.
func newRuleError(field, code, message string) *ruleError {
	return &ruleError{field: field, code: code, message: message}
}

// Error returns the sentence for people.
func (e *ruleError) Error() string { return e.message }

// Code is the refusal's code (folio_…), for callers outside the package.
func (e *ruleError) Code() string { return e.code }

// refusal is the refusal as PocketBase writes it.
func (e *ruleError) refusal() *refusal.Refusal {
	return refusal.New(e.code, e.message).With(e.params)
}

// api turns the refusal into PocketBase's 400 answer.
func (e *ruleError) api() *router.ApiError {
	if e.field == "" {
		return e.refusal().Answer(http.StatusBadRequest)
	}
	return router.NewBadRequestError(e.message, validation.Errors{e.field: e.refusal()})
}

// refuseAll is the 400 answer for several refusals at once: summary, the
// sentence for all of them (about no field), and each field with its own.
func refuseAll(summary *ruleError, errs []ruleError) *router.ApiError {
	data := validation.Errors{}
	for _, e := range errs {
		data[e.field] = e.refusal()
	}
	return refusal.Tag(router.NewBadRequestError(summary.message, data), summary.refusal())
}

// refuse is the 400 answer for a refusal decided inside a hook.
func refuse(field, code, message string) *router.ApiError {
	return newRuleError(field, code, message).api()
}

// notFound is the 404 of a document the caller can't see.
func notFound(code, message string, p params) *router.ApiError {
	return refusal.New(code, message).With(p).Answer(http.StatusNotFound)
}

// sendGone is the 404 of a document of kind deleted while it was being sent.
func sendGone(kind string) *router.ApiError {
	return notFound("folio_send_gone", fmt.Sprintf(fmtSendGone, kind), params{"kind": kind})
}

// markSentFailed is the sentence of a send whose draft → sent save failed.
func markSentFailed(kind string) *ruleError {
	return &ruleError{code: "folio_mark_sent_failed", message: fmt.Sprintf(fmtMarkSentFailed, kind), params: params{"kind": kind}}
}

// saveFailure is a route's answer to a save that failed: a refusal from
// the hooks as it is, other validation errors as a 400 with the sentence
// given (about no field, next to the fields' own), anything else as a 500.
func saveFailure(e *core.RequestEvent, err error, invalid *ruleError) error {
	var apiErr *router.ApiError
	var verr validation.Errors
	switch {
	case errors.As(err, &apiErr):
		return apiErr
	case errors.As(err, &verr):
		return refusal.Tag(e.BadRequestError(invalid.message, verr), invalid.refusal())
	default:
		return e.InternalServerError("", err)
	}
}

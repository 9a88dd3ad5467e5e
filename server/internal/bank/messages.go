package bank

import (
	"net/http"

	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// Refusal sentences of the bank routes. Each has a stable code
// (Messages), so the web app says it in the person's language
// (src/locales/*/server.json, keyed by code). None is about one field:
// the code goes under data["@refusal"] (see package refusal).
const (
	msgFileMissing     = "Choose a bank statement file to import."
	msgFileTooLarge    = "This file is larger than 20 MB. Export a shorter period from your bank and import each part."
	msgFileUnreadable  = "This file is not a statement Folio can read. Export it from your bank as camt.053 (XML), MT940 or CSV."
	msgCSVMapping      = "Say which column holds what in this CSV file; Folio remembers it for this bank's next files."
	msgCSVMappingWrong = "This CSV file can't be read with the columns chosen. Check the date column and its format, and the amount column."
	msgTxNotFound      = "Bank transaction not found."
	msgAlreadyMatched  = "This bank transaction is already recorded as a payment."
	msgOutgoing        = "This is money going out, not a customer's payment."
	msgChooseInvoice   = "Choose the invoice this transfer pays."
	msgInvoiceNotFound = "The invoice must be one of this business's invoices."
	msgCurrencyDiffers = "The transfer's currency is not the invoice's. Record this payment by hand."
	msgMatchedIgnore   = "A transaction recorded as a payment can't be ignored. Delete the payment first."
)

// Messages maps each code of this package to its English sentence: one
// code, one sentence.
var Messages = map[string]string{
	"folio_bank_file_missing":        msgFileMissing,
	"folio_bank_file_too_large":      msgFileTooLarge,
	"folio_bank_file_unreadable":     msgFileUnreadable,
	"folio_bank_csv_mapping":         msgCSVMapping,
	"folio_bank_csv_mapping_wrong":   msgCSVMappingWrong,
	"folio_bank_transaction_missing": msgTxNotFound,
	"folio_bank_already_matched":     msgAlreadyMatched,
	"folio_bank_outgoing":            msgOutgoing,
	"folio_bank_choose_invoice":      msgChooseInvoice,
	"folio_bank_invoice_not_found":   msgInvoiceNotFound,
	"folio_bank_currency_differs":    msgCurrencyDiffers,
	"folio_bank_matched_ignore":      msgMatchedIgnore,
}

// answer is a refusal of this package with its status.
func answer(status int, code, message string) *router.ApiError {
	return refusal.New(code, message).Answer(status)
}

func badRequest(code, message string) *router.ApiError {
	return answer(http.StatusBadRequest, code, message)
}

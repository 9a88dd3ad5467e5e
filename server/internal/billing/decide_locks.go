package billing

import (
	"fmt"
	"slices"

	"folio/server/migrations"
)

// Content fields: what a person writes on a document. Status, customer and
// the server fields are judged separately.
var (
	quoteContent = []string{"items", "discount_percent", "issue_date", "expiry_date", "notes", "terms", "reject_reason",
		migrations.FieldVATExemptionCategory, migrations.FieldVATExemptionReason}
	invoiceContent = []string{"items", "discount_percent", "issue_date", "due_date", "notes", "terms", "void_reason",
		migrations.FieldVATExemptionCategory, migrations.FieldVATExemptionReason}
)

// editableIn are the statuses whose content may still change. From partial
// onward an invoice is a record of money owed and paid; an accepted,
// rejected or converted quote is an answer given (research §3, I8).
var editableIn = []string{statusDraft, statusSent, statusViewed}

// decideEdit refuses changes the document's current status locks. from is
// the stored status ("" for a new document), to the requested one; changed
// lists the fields whose value differs from the stored one. A reason goes
// with its action: void_reason may be written while voiding and
// reject_reason while rejecting, whatever else is locked (the status
// machine then judges the action itself).
func decideEdit(kind, from, to string, changed []string) *ruleError {
	if from == "" {
		return nil
	}
	if slices.Contains(changed, "customer") && from != statusDraft {
		return &ruleError{field: "customer", code: "folio_customer_locked", message: fmt.Sprintf(fmtCustomerLocked, kind),
			params: params{"kind": kind}}
	}
	content := invoiceContent
	if kind == "quote" {
		content = quoteContent
	}
	if slices.Contains(editableIn, from) {
		return nil
	}
	for _, f := range changed {
		if from != to && ((f == "void_reason" && to == statusVoid) || (f == "reject_reason" && to == statusRejected)) {
			continue
		}
		if slices.Contains(content, f) {
			return &ruleError{field: f, code: "folio_locked", message: fmt.Sprintf(fmtLocked, article(from), from, kind),
				params: params{"from": from, "kind": kind}}
		}
	}
	return nil
}

// importedEdits are what importing an open invoice again may change on the
// imported one: its due date, its customer and its total (the one line of
// its opening balance). Package imports decides which of them a row may
// change, by the invoice's payments and reminders (decideInvoiceUpdate).
var importedEdits = []string{"due_date", "customer", "items"}

// decideImportedEdit is decideEdit for an imported invoice that an import
// updates (UpdateImported): while it is open (sent, viewed or partly
// paid), the importedEdits may change, nothing else.
func decideImportedEdit(from string, changed []string) *ruleError {
	open := slices.Contains([]string{statusSent, statusViewed, statusPartial}, from)
	for _, f := range changed {
		if !open || !slices.Contains(importedEdits, f) {
			return invoiceLocked(f, from)
		}
	}
	return nil
}

// invoiceLocked is the refusal of a change to field of an invoice in the
// status from.
func invoiceLocked(field, from string) *ruleError {
	return &ruleError{field: field, code: "folio_locked", message: fmt.Sprintf(fmtLocked, article(from), from, "invoice"),
		params: params{"from": from, "kind": "invoice"}}
}

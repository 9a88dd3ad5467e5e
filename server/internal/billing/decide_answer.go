package billing

import (
	"strings"
	"unicode/utf8"

	"folio/server/migrations"
)

// decideAnswerable says whether the customer may still answer this
// document through its public link: only a quote, and only once (sent or
// viewed; the status machine then refuses an expired one). The business's own
// status changes (PATCH) are judged by decideQuoteStatus alone.
func decideAnswerable(noun, status string) *ruleError {
	switch {
	case noun != "quote":
		return newRuleError("kind", "folio_invoice_no_answer", msgInvoiceNoAnswer)
	case status == statusAccepted || status == statusRejected || status == statusConverted:
		return newRuleError("status", "folio_already_answered", msgAlreadyAnswered)
	}
	return nil
}

// decideAccept reads the acceptance form: the typed full name (the
// signature, 2 to 120 characters) and an optional note (1000 at most),
// both trimmed.
func decideAccept(name, note string) (string, string, *ruleError) {
	name, note = strings.Join(strings.Fields(name), " "), strings.TrimSpace(note)
	if n := utf8.RuneCountInString(name); n < migrations.AnswerNameMin || n > migrations.AnswerNameMax {
		return "", "", newRuleError("name", "folio_accept_name", msgAcceptName)
	}
	if utf8.RuneCountInString(note) > migrations.AnswerTextMax {
		return "", "", newRuleError("note", "folio_note_too_long", msgAcceptNoteLong)
	}
	return name, note, nil
}

// decideReject reads the rejection form: a reason is required (1000
// characters at most), trimmed.
func decideReject(reason string) (string, *ruleError) {
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return "", newRuleError("reason", "folio_reject_reason", msgRejectReason)
	case n > migrations.AnswerTextMax:
		return "", newRuleError("reason", "folio_reason_too_long", msgRejectReasonLong)
	}
	return reason, nil
}

// decideDisplayStatus is the status people see: the stored one, or
// "overdue" for an open invoice (sent, viewed, partial) with a balance
// past its due date, or "expired" for an open quote (draft, sent, viewed)
// past its expiry date. Dates are YYYY-MM-DD ("" for none) and today is
// the server's UTC date, so they compare as text. The web app's twin is
// invoiceDisplayStatus/quoteDisplayStatus in src/billing/status.ts.
func decideDisplayStatus(noun, status string, balanceCents int64, endDate, today string) string {
	if endDate == "" || endDate >= today {
		return status
	}
	switch {
	case noun == "invoice" && balanceCents > 0 &&
		(status == statusSent || status == statusViewed || status == statusPartial):
		return "overdue"
	case noun == "quote" && (status == statusDraft || status == statusSent || status == statusViewed):
		return "expired"
	}
	return status
}

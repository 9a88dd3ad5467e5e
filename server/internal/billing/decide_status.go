package billing

import (
	"fmt"
	"slices"
	"strings"

	"folio/server/migrations"
)

// Stored statuses (research/invoicing.md §3). "expired" and "overdue" are
// never stored: they follow from the dates, so nothing has to flip them.
//
// The machines below (decideQuoteStatus, decideInvoiceStatus) and
// deriveInvoiceStatus are pinned by vectors shared with the web app's
// TypeScript twin: tests/vectors/status.json at the repository root,
// checked here by decide_status_vectors_test.go.
const (
	statusDraft     = "draft"
	statusSent      = "sent"
	statusViewed    = "viewed"
	statusAccepted  = "accepted"
	statusRejected  = "rejected"
	statusConverted = "converted"
	statusPartial   = "partial"
	statusPaid      = "paid"
	statusVoid      = "void"
)

// transition is one edge a person may take by PATCHing status.
type transition struct{ from, to string }

// quoteTransitions are the quote edges reachable by a PATCH. Conversion is
// not among them: it goes through the convert route, which links the
// invoice in the same save.
var quoteTransitions = map[transition]bool{
	{statusDraft, statusSent}:      true,
	{statusSent, statusViewed}:     true,
	{statusSent, statusAccepted}:   true,
	{statusViewed, statusAccepted}: true,
	{statusSent, statusRejected}:   true,
	{statusViewed, statusRejected}: true,
	{statusRejected, statusDraft}:  true, // "Revise"
}

// invoiceTransitions are the invoice edges reachable by a PATCH; partial
// and paid only ever follow from payments (see deriveInvoiceStatus).
var invoiceTransitions = map[transition]bool{
	{statusDraft, statusSent}:  true,
	{statusSent, statusViewed}: true,
	{statusSent, statusVoid}:   true,
	{statusViewed, statusVoid}: true,
}

// convertibleFrom are the quote statuses Convert accepts. Converting is an
// explicit act, so it is allowed from sent and viewed too (research §3.1),
// and on an expired quote; never twice, never from rejected, never from a
// draft the customer has not seen.
var convertibleFrom = []string{statusSent, statusViewed, statusAccepted}

// quoteMove is a quote save as far as its status is concerned.
type quoteMove struct {
	from, to   string // from is "" for a new quote
	lines      int
	totalCents int64
	expired    bool // expiry_date is before today
	linking    bool // this save sets the invoice link (Convert)
	unlinking  bool // the linked invoice was deleted (a converted draft)
}

// moveStart is what every document's status change decides before its
// machine: no status asked keeps the one it has (to is filled in), a new
// document starts as a draft, and a status the kind doesn't have is
// refused. done says the answer (status or refusal) is final.
func moveStart(kind, from string, to *string, statuses []string) (status string, rerr *ruleError, done bool) {
	if *to == "" {
		*to = from
	}
	if from == "" {
		if *to != "" && *to != statusDraft {
			return "", newDraftOnly(kind), true
		}
		return statusDraft, nil, true
	}
	if !slices.Contains(statuses, *to) {
		return "", &ruleError{field: "status", code: "folio_unknown_status", message: fmt.Sprintf(fmtUnknownStatus, *to),
			params: params{"status": *to}}, true
	}
	return "", nil, false
}

// decideQuoteStatus returns the status to store, or why the change is refused.
func decideQuoteStatus(m quoteMove) (string, *ruleError) {
	if status, rerr, done := moveStart("quote", m.from, &m.to, migrations.QuoteStatuses); done {
		return status, rerr
	}

	switch {
	case m.unlinking:
		// The invoice made from this quote was deleted (only a draft can
		// be): the quote is accepted again and may be converted anew.
		return statusAccepted, nil
	case m.linking:
		if m.to != statusConverted || !slices.Contains(convertibleFrom, m.from) {
			return "", newRuleError("invoice", "folio_link_fixed", msgLinkFixed)
		}
		return statusConverted, nil
	case m.to == statusConverted && m.from != statusConverted:
		return "", newRuleError("status", "folio_use_convert", msgUseConvert)
	case m.from == m.to:
		return m.to, nil
	case !quoteTransitions[transition{m.from, m.to}]:
		return "", badTransition("quote", m.from, m.to)
	case m.to == statusSent && (m.lines == 0 || m.totalCents <= 0):
		return "", newRuleError("status", "folio_send_needs_lines", msgSendNeedsLines)
	case m.to == statusAccepted && m.expired:
		return "", newRuleError("status", "folio_quote_expired", msgQuoteExpired)
	}
	return m.to, nil
}

// invoiceMove is an invoice save as far as its status is concerned.
type invoiceMove struct {
	from, to   string // from is "" for a new invoice
	lines      int
	totalCents int64
	paidCents  int64 // Σ payments now on the invoice
	// creditedCents is Σ credit notes on the invoice: they settle it
	// like payments do.
	creditedCents int64
	viewedBefore  bool // viewed_at is set
	voidReason    string
}

// decideInvoiceStatus checks a requested change against the machine, then
// lets the payments speak: any payment makes the invoice partial or paid,
// and with none left it goes back to where it was before (viewed if it had
// been viewed, else sent).
func decideInvoiceStatus(m invoiceMove) (string, *ruleError) {
	if status, rerr, done := moveStart("invoice", m.from, &m.to, migrations.InvoiceStatuses); done {
		return status, rerr
	}

	if m.from != m.to {
		switch {
		case m.from == statusVoid:
			return "", newRuleError("status", "folio_void_final", msgVoidFinal)
		case m.to == statusPartial || m.to == statusPaid:
			return "", newRuleError("status", "folio_status_from_payments", msgStatusFromPayments)
		case m.to == statusVoid && m.paidCents > 0:
			return "", newRuleError("status", "folio_void_has_payments", msgVoidHasPayments)
		case m.to == statusVoid && m.from == statusDraft:
			return "", newRuleError("status", "folio_draft_cant_void", msgDraftCantVoid)
		case !invoiceTransitions[transition{m.from, m.to}]:
			return "", badTransition("invoice", m.from, m.to)
		case m.to == statusSent && (m.lines == 0 || m.totalCents <= 0):
			return "", newRuleError("status", "folio_send_needs_lines", msgSendNeedsLines)
		case m.to == statusVoid && strings.TrimSpace(m.voidReason) == "":
			return "", newRuleError("void_reason", "folio_void_needs_reason", msgVoidNeedsReason)
		}
	}

	return deriveInvoiceStatus(m.to, m.paidCents+m.creditedCents, m.totalCents, m.viewedBefore), nil
}

// deriveInvoiceStatus applies the payments to a status the machine allows.
func deriveInvoiceStatus(status string, paid, total int64, viewedBefore bool) string {
	switch {
	case status == statusVoid:
		return statusVoid
	case paid > 0 && paid >= total:
		return statusPaid
	case paid > 0:
		return statusPartial
	case status == statusPartial || status == statusPaid:
		if viewedBefore {
			return statusViewed
		}
		return statusSent
	default:
		return status
	}
}

// stamps says which timestamps a status change sets (when still empty)
// and which it clears.
func stamps(kind, from, to string) (set, clear []string) {
	if from == to {
		return nil, nil
	}
	if kind == "quote" {
		switch {
		case from == statusRejected && to == statusDraft:
			// A revised quote is a new offer: it gets fresh stamps when
			// sent again.
			return nil, []string{"sent_at", "viewed_at", "rejected_at", "reject_reason"}
		case from == statusConverted && to == statusAccepted:
			return nil, []string{"converted_at"}
		case to == statusConverted:
			return []string{"converted_at", "accepted_at"}, nil
		case to == statusSent || to == statusViewed || to == statusAccepted || to == statusRejected:
			return []string{to + "_at"}, nil
		}
		return nil, nil
	}
	switch to {
	case statusSent, statusViewed:
		return []string{to + "_at"}, nil
	case statusVoid:
		return []string{"voided_at"}, nil
	case statusPartial, statusPaid:
		// Paying a draft issues it.
		return []string{"sent_at"}, nil
	}
	return nil, nil
}

// newDraftOnly refuses a new document of kind that is not a draft.
func newDraftOnly(kind string) *ruleError {
	return &ruleError{field: "status", code: "folio_new_is_draft", message: fmt.Sprintf(fmtNewIsDraft, kind),
		params: params{"kind": kind}}
}

func badTransition(kind, from, to string) *ruleError {
	return &ruleError{field: "status", code: "folio_bad_transition", message: fmt.Sprintf(fmtBadTransition, article(from), from, kind, to),
		params: params{"from": from, "kind": kind, "to": to}}
}

// article is "A" or "An" for the status word that follows.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "An"
	}
	return "A"
}

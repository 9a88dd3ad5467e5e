package billing

import (
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/tools/types"
)

// quoteValidityDays is how long a quote stays open when no expiry date is given.
const quoteValidityDays = 30

// Every stored date lies in firstDay..lastDay: later years (10000 and up)
// do not survive PocketBase's date text and would read back empty.
var (
	firstDay = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	lastDay  = time.Date(2199, 12, 31, 0, 0, 0, 0, time.UTC)
)

// Document dates lie in a window around today (issue 24): nothing before
// earliestDocumentDay, and no further ahead than the kind of date allows.
// A date in 2199 is a typo, not a plan, and a payment or credit note dated
// ahead would settle an invoice on a day still to come (its paid date is
// the latest of them). The window is checked when a date is set or
// changed, never on a save that leaves it as stored, so documents dated
// before the rule can still be edited otherwise. firstDay..lastDay stay
// the bounds of any stored date.

// EarliestDocumentDay is the first day a document date may be set to (the
// recurring templates' start dates too).
var EarliestDocumentDay = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// IssueYearsAhead is how far ahead of today an issue date (and a recurring
// template's start) may be set.
const IssueYearsAhead = 1

// dateWindow is how far ahead of today one kind of date may be, and the
// refusal of one outside its window.
type dateWindow struct {
	years, days   int
	code, message string
}

var (
	// issueWindow: the issue date of an invoice or quote, up to a year
	// ahead (a document prepared for a later date).
	issueWindow = dateWindow{years: IssueYearsAhead, code: "folio_issue_date_window", message: msgIssueDateWindow}
	// dueWindow: a due date or a quote's expiry date, up to five years
	// ahead (long payment plans, long offers).
	dueWindow = dateWindow{years: 5, code: "folio_due_date_window", message: msgDueDateWindow}
	// happenedWindow: a payment, refund or credit note records what
	// happened, so no later than today; one day more for the time zones
	// ahead of UTC, whose today is already UTC's tomorrow.
	happenedWindow = dateWindow{days: 1, code: "folio_date_in_future", message: msgDateInFuture}
)

// decideDateWindow refuses a day outside w's window around today; the zero
// time (no date) passes.
func decideDateWindow(field string, day, today time.Time, w dateWindow) *ruleError {
	if day.IsZero() {
		return nil
	}
	day = dateOnly(day)
	if day.Before(EarliestDocumentDay) || day.After(dateOnly(today).AddDate(w.years, 0, w.days)) {
		return newRuleError(field, w.code, w.message)
	}
	return nil
}

// decideDueDate is the default due date: the customer's own payment terms
// when set (above 0), else the business's. 0 business days means due on receipt.
func decideDueDate(issue time.Time, customerTerms, businessTerms int) time.Time {
	days := businessTerms
	if customerTerms > 0 {
		days = customerTerms
	}
	return issue.AddDate(0, 0, days)
}

// decideExpiryDate is the default expiry date of a quote.
func decideExpiryDate(issue time.Time) time.Time {
	return issue.AddDate(0, 0, quoteValidityDays)
}

// decideDateInput judges the value a client sent for a date field: empty
// (nil or blank) is the zero time, left to the defaults and required
// checks; otherwise it must be a real day ("2026-02-30" is not) within
// the bounds. A value that is not text is not a date.
func decideDateInput(field string, raw any) (time.Time, *ruleError) {
	var text string
	switch v := raw.(type) {
	case nil:
		return time.Time{}, nil
	case string:
		text = strings.TrimSpace(v)
	default:
		return time.Time{}, newRuleError(field, "folio_invalid_date", msgInvalidDate)
	}
	if text == "" {
		return time.Time{}, nil
	}
	dt, err := types.ParseDateTime(text)
	if err != nil || dt.IsZero() {
		return time.Time{}, newRuleError(field, "folio_invalid_date", msgInvalidDate)
	}
	day := dateOnly(dt.Time())
	if rerr := decideDateInRange(field, day); rerr != nil {
		return time.Time{}, rerr
	}
	return day, nil
}

// decideDateInRange refuses a date (given or derived) outside the bounds;
// the zero time (no date) passes.
func decideDateInRange(field string, t time.Time) *ruleError {
	if t.IsZero() {
		return nil
	}
	if day := dateOnly(t); day.Before(firstDay) || day.After(lastDay) {
		return newRuleError(field, "folio_date_out_of_range", msgDateOutOfRange)
	}
	return nil
}

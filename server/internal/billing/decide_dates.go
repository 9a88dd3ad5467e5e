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

// decideDueDate is the default due date: the customer's own payment terms
// when set (above 0), else the owner's. 0 owner days means due on receipt.
func decideDueDate(issue time.Time, customerTerms, ownerTerms int) time.Time {
	days := ownerTerms
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

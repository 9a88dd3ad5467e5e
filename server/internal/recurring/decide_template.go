package recurring

import (
	"slices"
	"time"

	"folio/server/internal/billing"
	"folio/server/migrations"
)

// templateInput is what a save of a template asks for, as the hook read it.
type templateInput struct {
	frequency  string
	monthDay   int
	start      time.Time // zero when missing or unreadable
	endKind    string
	endCount   int
	endDate    time.Time
	action     string
	lines      int
	totalCents int64
	// today is the business's today; startChanged is true for a new
	// template or a save that changes its start date.
	today        time.Time
	startChanged bool
}

// earliest and latest bound the dates a template takes (as the invoices' dates).
var (
	earliest = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	latest   = time.Date(2199, 12, 31, 0, 0, 0, 0, time.UTC)
)

// decideTemplate is the first refusal of a template's save, nil when it
// can be saved.
func decideTemplate(in templateInput) *ruleError {
	switch {
	case !slices.Contains(migrations.RecurringFrequencies, in.frequency):
		return &ruleError{field: "frequency", code: "folio_recurring_frequency", message: msgFrequency}
	case in.frequency == "monthly" && (in.monthDay < 0 || in.monthDay > 31):
		return &ruleError{field: "month_day", code: "folio_recurring_month_day", message: msgMonthDay}
	case in.start.IsZero() || in.start.Before(earliest) || in.start.After(latest):
		return &ruleError{field: "start_date", code: "folio_recurring_start_date", message: msgStartDate}
	// A start set or changed lies in the window of an invoice's issue date;
	// one left as it is passes (a template from before the window).
	case in.startChanged && (in.start.Before(billing.EarliestDocumentDay) || in.start.After(in.today.AddDate(billing.IssueYearsAhead, 0, 0))):
		return &ruleError{field: "start_date", code: "folio_recurring_start_window", message: msgStartWindow}
	case !slices.Contains(migrations.RecurringEnds, in.endKind):
		return &ruleError{field: "end_kind", code: "folio_recurring_end_kind", message: msgEndKind}
	case in.endKind == "after" && (in.endCount < 1 || in.endCount > 1000):
		return &ruleError{field: "end_count", code: "folio_recurring_end_count", message: msgEndCount}
	case in.endKind == "on" && (in.endDate.IsZero() || in.endDate.Before(in.start) || in.endDate.After(latest)):
		return &ruleError{field: "end_date", code: "folio_recurring_end_date", message: msgEndDate}
	case !slices.Contains(migrations.RecurringActions, in.action):
		return &ruleError{field: "action", code: "folio_recurring_action", message: msgAction}
	case in.lines < 1 || in.totalCents <= 0:
		return &ruleError{field: "items", code: "folio_recurring_lines", message: msgLines}
	}
	return nil
}

// decideTimeZone refuses a business time zone that is not "" (UTC) or a
// known IANA name.
func decideTimeZone(name string, valid func(string) bool) *ruleError {
	if valid(name) {
		return nil
	}
	return &ruleError{field: migrations.FieldTimeZone, code: "folio_invalid_time_zone", message: msgTimeZone}
}

// scheduleChanged reports whether a save changes when the template runs,
// so what it already missed is not made afterwards (an edit affects
// future runs only).
func scheduleChanged(before, after Rule) bool {
	return before.Frequency != after.Frequency || !before.Start.Equal(after.Start) || before.MonthDay != after.MonthDay
}

package recurring

import (
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// Refusal sentences of recurring templates and of the business's time
// zone, and the reasons a run can fail. One code, one sentence
// (recurringMessages); the web app says them in its language
// (src/locales/*/server.json, keyed by code).
const (
	msgFrequency       = "Choose how often the invoice repeats."
	msgMonthDay        = "Choose a day of the month from 1 to 31, or the last day."
	msgStartDate       = "Enter the date of the first invoice (between 1970 and 2199)."
	msgStartWindow     = "Enter the date of the first invoice from the year 2000 on, and no more than a year from today."
	msgEndKind         = "Choose when the invoices stop."
	msgEndCount        = "Enter how many invoices to make, from 1 to 1000."
	msgEndDate         = "The end date can't be before the start date."
	msgAction          = "Choose what happens on each run: a draft to review, or send it."
	msgLines           = "Add at least one line, with a total above zero."
	msgForeignCustomer = "The customer must be one of your own customers."
	msgTimeZone        = "Choose a time zone from the list."
	msgMailFailed      = "The invoice was made, but its email could not be sent. Send it from the invoice."
	msgRunFailed       = "The invoice could not be made. Check the template's customer and lines."
)

// recurringMessages maps each code of the package to its sentence.
var recurringMessages = map[string]string{
	"folio_recurring_frequency":    msgFrequency,
	"folio_recurring_month_day":    msgMonthDay,
	"folio_recurring_start_date":   msgStartDate,
	"folio_recurring_start_window": msgStartWindow,
	"folio_recurring_end_kind":     msgEndKind,
	"folio_recurring_end_count":    msgEndCount,
	"folio_recurring_end_date":     msgEndDate,
	"folio_recurring_action":       msgAction,
	"folio_recurring_lines":        msgLines,
	"folio_foreign_customer":       msgForeignCustomer,
	"folio_invalid_time_zone":      msgTimeZone,
	"folio_recurring_mail_failed":  msgMailFailed,
	"folio_recurring_run_failed":   msgRunFailed,
}

// ruleError is a refusal decided by a pure function: the field it is
// about, its code and its sentence.
type ruleError struct {
	field, code, message string
}

func (e *ruleError) Error() string { return e.message }

// api is PocketBase's 400 answer with the refusal at its field.
func (e *ruleError) api() *router.ApiError {
	r := refusal.New(e.code, e.message)
	if e.field == "" {
		return r.Answer(http.StatusBadRequest)
	}
	return router.NewBadRequestError(e.message, validation.Errors{e.field: r})
}

package recurring

import (
	"errors"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/billing"
	"folio/server/internal/money"
	"folio/server/internal/refusal"
	"folio/server/internal/schedule"
	"folio/server/migrations"
)

// serverFields are written by the hooks and the job only; a client's
// values are dropped (a web app may send back the whole record it read).
var serverFields = []string{"last_period", "skip_before", "made_count", "next_date", "upcoming", "last_error_code", "last_error"}

// upcomingShown is how many next dates a template keeps for its page.
const upcomingShown = 3

func checkTimeZone(e *core.RecordEvent) error {
	if rerr := decideTimeZone(e.Record.GetString(migrations.FieldTimeZone), schedule.ValidZone); rerr != nil {
		return rerr.api()
	}
	return e.Next()
}

func guardCreateRequest(e *core.RecordRequestEvent) error {
	for _, f := range serverFields {
		e.Record.Set(f, nil)
	}
	return billing.RequestTx(e)
}

func guardUpdateRequest(e *core.RecordRequestEvent) error {
	orig := e.Record.Original()
	for _, f := range serverFields {
		e.Record.Set(f, orig.GetRaw(f))
	}
	return billing.RequestTx(e)
}

// dateOf is a date field as a civil date (zero when empty).
func dateOf(r *core.Record, field string) time.Time {
	t := r.GetDateTime(field).Time()
	if t.IsZero() {
		return t
	}
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// dayOf reads a stored YYYY-MM-DD text (zero when empty or unreadable).
func dayOf(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}
	}
	return d
}

func dayText(d time.Time) string {
	if d.IsZero() {
		return ""
	}
	return d.Format(time.DateOnly)
}

// ruleOf is a template's schedule.
func ruleOf(r *core.Record) Rule {
	return Rule{
		Frequency: r.GetString("frequency"),
		Start:     dateOf(r, "start_date"),
		MonthDay:  r.GetInt("month_day"),
		EndKind:   r.GetString("end_kind"),
		EndCount:  r.GetInt("end_count"),
		EndDate:   dateOf(r, "end_date"),
	}
}

func stateOf(r *core.Record) State {
	return State{LastPeriod: dayOf(r.GetString("last_period")), SkipBefore: dayOf(r.GetString("skip_before")), Made: r.GetInt("made_count")}
}

// saveTemplate checks a template on every save (API and job), keeps an
// edit or a resume to future runs, and works out its next dates.
func (s *service) saveTemplate(e *core.RecordEvent) error {
	r := e.Record
	isNew := r.IsNew()
	var stored *core.Record
	if !isNew {
		var err error
		if stored, err = e.App.FindRecordById(r.Collection(), r.Id); err != nil {
			return err
		}
		if stored.GetString(migrations.FieldBusiness) != r.GetString(migrations.FieldBusiness) {
			return (&ruleError{field: "customer", code: "folio_foreign_customer", message: msgForeignCustomer}).api()
		}
	}
	business, err := e.App.FindRecordById(migrations.BusinessesCollection, r.GetString(migrations.FieldBusiness))
	if err != nil {
		return (&ruleError{field: "customer", code: "folio_foreign_customer", message: msgForeignCustomer}).api()
	}
	customer, err := e.App.FindRecordById(migrations.CustomersCollection, r.GetString("customer"))
	if err != nil || customer.GetString(migrations.FieldBusiness) != business.Id {
		return (&ruleError{field: "customer", code: "folio_foreign_customer", message: msgForeignCustomer}).api()
	}

	if r.GetString("end_kind") == "" {
		r.Set("end_kind", "never")
	}
	if r.GetString("action") == "" {
		r.Set("action", "draft")
	}
	lines, err := money.ParseLines(billing.RawJSON(r, "items"))
	if err != nil {
		return lineRefusal(err)
	}
	totals, err := money.ComputeTotals(lines, r.GetFloat("discount_percent"))
	if err != nil {
		return lineRefusal(err)
	}
	rule := ruleOf(r)
	if rerr := decideTemplate(templateInput{
		frequency: rule.Frequency, monthDay: rule.MonthDay, start: rule.Start,
		endKind: rule.EndKind, endCount: rule.EndCount, endDate: rule.EndDate,
		action: r.GetString("action"), lines: len(lines), totalCents: totals.TotalCents,
		today:        dayOf(schedule.Today(business.GetString(migrations.FieldTimeZone), s.now())),
		startChanged: isNew || !rule.Start.Equal(dateOf(stored, "start_date")),
	}); rerr != nil {
		return rerr.api()
	}
	if rule.EndKind != "on" {
		r.Set("end_date", "")
	}
	if rule.EndKind != "after" {
		r.Set("end_count", 0)
	}

	// An edit of the schedule, or a resume, affects future runs only:
	// dates before today (in the business's zone) are not made later.
	if !isNew {
		resumed := stored.GetBool("paused") && !r.GetBool("paused")
		if resumed || scheduleChanged(ruleOf(stored), rule) {
			r.Set("skip_before", schedule.Today(business.GetString(migrations.FieldTimeZone), s.now()))
		}
	}

	// A new template whose start is in the past does with the missed
	// dates what its writer chose (skip them unless told otherwise).
	if isNew {
		today := dayOf(schedule.Today(business.GetString(migrations.FieldTimeZone), s.now()))
		plan := DecideMissed(rule, today, r.GetString(migrations.FieldRecurringMissed))
		r.Set("skip_before", dayText(plan.SkipBefore))
	}

	next := Next(rule, stateOf(r), upcomingShown)
	days := make([]string, 0, len(next))
	for _, d := range next {
		days = append(days, dayText(d))
	}
	r.Set("upcoming", days)
	if len(days) > 0 {
		r.Set("next_date", days[0])
	} else {
		r.Set("next_date", "")
	}
	return e.Next()
}

// lineRefusal is a line's refusal at the items field, as for invoices.
func lineRefusal(err error) error {
	var ie *money.InputError
	if !errors.As(err, &ie) {
		return err
	}
	field := ie.Field
	if ie.Line > 0 || field == "" {
		field = "items"
	}
	return router.NewBadRequestError(ie.Error(), validation.Errors{field: refusal.New(ie.Code, ie.Error()).With(ie.Params())})
}

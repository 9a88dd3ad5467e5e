package recurring

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/schedule"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// PathPreview answers which dates a new template of a business would make
// (body: the schedule and `business`; any member may ask): the editor asks
// it when the start date is in the past, so the writer sees the invoices
// before saving, on the business's calendar. It is the same rule as the save (DecideMissed):
// one rule on the server, no twin in the web app to drift from it.
const PathPreview = "/api/folio/recurring/preview"

// previewRequest is the template's schedule as the editor has it.
type previewRequest struct {
	Business  string `json:"business"`
	Frequency string `json:"frequency"`
	MonthDay  int    `json:"month_day"`
	StartDate string `json:"start_date"`
	EndKind   string `json:"end_kind"`
	EndCount  int    `json:"end_count"`
	EndDate   string `json:"end_date"`
	Missed    string `json:"missed"`
}

// Preview is the answer of POST PathPreview; dates are YYYY-MM-DD.
type Preview struct {
	// Today is the business's date the plan was made for.
	Today string `json:"today"`
	// Missed counts the dates before today; First and Last are the
	// oldest and the most recent of them ("" when none).
	Missed      int    `json:"missed"`
	FirstMissed string `json:"first_missed"`
	LastMissed  string `json:"last_missed"`
	// Make is the dates made at once on saving.
	Make []string `json:"make"`
	// Next is up to 3 dates after today.
	Next []string `json:"next"`
}

func (s *service) previewRoute(e *core.RequestEvent) error {
	var in previewRequest
	if err := e.BindBody(&in); err != nil {
		return e.BadRequestError("", err)
	}
	if err := team.Require(e, in.Business, team.Read); err != nil {
		return err
	}
	business, err := e.App.FindRecordById(migrations.BusinessesCollection, in.Business)
	if err != nil {
		return e.InternalServerError("", err)
	}
	start := dayOf(in.StartDate)
	if rerr := decideTemplate(templateInput{
		frequency: in.Frequency, monthDay: in.MonthDay, start: start,
		endKind: in.EndKind, endCount: in.EndCount, endDate: dayOf(in.EndDate),
		action: "draft", lines: 1, totalCents: 1,
	}); rerr != nil {
		return rerr.api()
	}
	rule := Rule{Frequency: in.Frequency, Start: start, MonthDay: in.MonthDay,
		EndKind: in.EndKind, EndCount: in.EndCount, EndDate: dayOf(in.EndDate)}
	today := dayOf(schedule.Today(business.GetString(migrations.FieldTimeZone), s.now()))
	return e.JSON(http.StatusOK, previewOf(rule, today, in.Missed))
}

// previewOf is the preview of a new template's plan on today.
func previewOf(rule Rule, today time.Time, choice string) Preview {
	plan := DecideMissed(rule, today, choice)
	p := Preview{Today: dayText(today), Missed: len(plan.Missed), Make: []string{}, Next: []string{}}
	if n := len(plan.Missed); n > 0 {
		p.FirstMissed, p.LastMissed = dayText(plan.Missed[0]), dayText(plan.Missed[n-1])
	}
	for _, d := range plan.Make {
		p.Make = append(p.Make, dayText(d))
	}
	st := State{SkipBefore: today.AddDate(0, 0, 1), Made: len(plan.Make)}
	for _, d := range Next(rule, st, upcomingShown) {
		p.Next = append(p.Next, dayText(d))
	}
	return p
}

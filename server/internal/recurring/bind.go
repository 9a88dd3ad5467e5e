// Package recurring makes invoices from recurring templates on schedule
// (issue 12, part 2): weekly, every 2 weeks, monthly on a day (or the last
// day), quarterly or yearly, from a start date to an end (never, after N
// invoices, on a date), as a draft to review or sent to the customer.
//
// A job of package schedule runs every 5 minutes. For each template it
// works out the dates due by "today" in the business's time zone
// (decide_dates.go) and makes one run per date, oldest first, each with
// its own issue date, so a server that was down catches up.
//
// Exactly once: a run is a row of recurring_runs, unique per (template,
// period date). The row is written first, then the invoice and the
// template's progress, all in one transaction (makeRun): two servers on
// one data directory, a restart or a kill between the invoice and the
// log can't make a period twice, as a second writer's row hits the
// unique index and a killed transaction leaves nothing behind. Mail goes
// after the commit, claimed by a conditional update, so it goes at most
// once; a run that fails is logged on its row and on the template, with
// its reason, and is tried again on the next pass.
package recurring

import (
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"folio/server/internal/schedule"
	"folio/server/migrations"
)

// JobID names the job in the cron table and the logs.
const JobID = "folioRecurringInvoices"

// service holds the clock the hooks use for "today".
type service struct {
	now func() time.Time
}

// Bind registers the template hooks, the business's time zone check, the
// preview route and the job.
func Bind(app core.App) { BindWithClock(app, schedule.Now) }

// BindWithClock is Bind with another clock for the hooks' "today" (the
// job is always given its time by the schedule).
func BindWithClock(app core.App, now func() time.Time) {
	s := &service{now: now}
	tpl := migrations.RecurringCollection

	app.OnRecordCreate(migrations.BusinessesCollection).BindFunc(checkTimeZone)
	app.OnRecordUpdate(migrations.BusinessesCollection).BindFunc(checkTimeZone)

	app.OnRecordCreateRequest(tpl).BindFunc(guardCreateRequest)
	app.OnRecordUpdateRequest(tpl).BindFunc(guardUpdateRequest)
	app.OnRecordCreate(tpl).BindFunc(s.saveTemplate)
	app.OnRecordUpdate(tpl).BindFunc(s.saveTemplate)

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "folioRecurringRoutes",
		Func: func(se *core.ServeEvent) error {
			se.Router.POST(PathPreview, s.previewRoute).Bind(apis.RequireAuth(migrations.UsersCollection))
			return se.Next()
		},
	})

	schedule.Bind(app, schedule.Job{ID: JobID, Cron: "*/5 * * * *", Run: RunDue})
}

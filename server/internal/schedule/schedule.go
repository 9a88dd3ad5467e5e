// Package schedule runs Folio's scheduled work (recurring invoices, payment
// reminders) with PocketBase's cron, against one clock.
//
// A job is written to be safe to run at any time and any number of times:
// it does what is due at `now` that was not done yet, and records each
// piece of work in the same transaction as its effect, so a restart, a
// missed day (caught up on the next run) or two servers on one data
// directory never do it twice.
//
// The clock is the wall clock. A binary built with the e2eclock tag (the
// end-to-end tests' build, never a release) adds a route that runs the jobs
// at once as if it were later (control_e2e.go), without moving the clock the
// other requests see; a release build has no such route.
package schedule

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Job is one kind of scheduled work.
type Job struct {
	// ID names the job in the cron table and in the logs.
	ID string
	// Cron is when it runs ("*/5 * * * *"); it catches up whatever is due.
	Cron string
	// Run does what is due at now.
	Run func(app core.App, now time.Time) error
}

// Now is the server's time for business rules and scheduled work.
func Now() time.Time { return time.Now() }

var (
	mu   sync.Mutex
	jobs = map[core.App][]Job{}
)

// RunAll runs every job registered on app as of now, in registration order;
// the first error is returned after all have run.
func RunAll(app core.App, now time.Time) error {
	mu.Lock()
	list := append([]Job(nil), jobs[app]...)
	mu.Unlock()
	var first error
	for _, j := range list {
		if err := runOne(app, j, now); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func runOne(app core.App, j Job, now time.Time) error {
	err := j.Run(app, now)
	if err != nil {
		app.Logger().Error("scheduled job failed", "job", j.ID, "error", err)
	}
	return err
}

// Bind adds the jobs to app's cron (and, in the e2e build, the clock route).
func Bind(app core.App, list ...Job) {
	mu.Lock()
	jobs[app] = append(jobs[app], list...)
	mu.Unlock()
	for _, j := range list {
		app.Cron().MustAdd(j.ID, j.Cron, func() { _ = runOne(app, j, Now()) })
	}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "folioScheduleControl",
		Func: func(se *core.ServeEvent) error {
			bindControl(se)
			return se.Next()
		},
	})
}

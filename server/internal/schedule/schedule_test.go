package schedule

import (
	"errors"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

func TestRunAllRunsEveryJobAndReportsTheFirstError(t *testing.T) {
	app, err := tests.NewTestApp()
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()

	var ran []string
	boom := errors.New("boom")
	Bind(app,
		Job{ID: "a", Cron: "* * * * *", Run: func(core.App, time.Time) error { ran = append(ran, "a"); return boom }},
		Job{ID: "b", Cron: "* * * * *", Run: func(core.App, time.Time) error { ran = append(ran, "b"); return nil }},
	)
	if err := RunAll(app, time.Now()); !errors.Is(err, boom) {
		t.Fatalf("RunAll = %v, want boom", err)
	}
	if len(ran) != 2 || ran[0] != "a" || ran[1] != "b" {
		t.Fatalf("ran %v", ran)
	}
	ids := map[string]bool{}
	for _, j := range app.Cron().Jobs() {
		ids[j.Id()] = true
	}
	if !ids["a"] || !ids["b"] {
		t.Fatalf("jobs not in the cron table: %v", ids)
	}
}

func TestReleaseClockIsTheWallClock(t *testing.T) {
	if d := time.Since(Now()); d < -time.Second || d > time.Second {
		t.Fatalf("Now is %v away from the wall clock", d)
	}
}

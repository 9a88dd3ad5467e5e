//go:build e2eclock

package schedule

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

func TestClockRouteRunsTheJobsAsOfLater(t *testing.T) {
	var seen time.Time
	before := Now()
	(&tests.ApiScenario{
		Name: "advance 72h", Method: http.MethodPost, URL: PathClock,
		Body:           strings.NewReader(`{"advance":"72h"}`),
		ExpectedStatus: 200, ExpectedContent: []string{`"ranAt"`},
		TestAppFactory: func(t testing.TB) *tests.TestApp {
			app, err := tests.NewTestApp()
			if err != nil {
				t.Fatal(err)
			}
			Bind(app, Job{ID: "see", Cron: "* * * * *", Run: func(_ core.App, now time.Time) error {
				seen = now
				return nil
			}})
			return app
		},
	}).Test(t)
	if d := seen.Sub(before); d < 72*time.Hour || d > 73*time.Hour {
		t.Fatalf("the job ran %v later, want 72h", d)
	}
	if d := time.Since(Now()); d < -time.Second || d > time.Second {
		t.Fatalf("the clock other requests see moved by %v", d)
	}
}

//go:build e2eclock

package schedule

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// PathClock runs the scheduled jobs at once as of a later time:
// POST {"advance": "72h"} runs them as if it were 72 hours from now. The
// clock other requests see does not move (one server serves every test).
// Only in the end-to-end tests' build (-tags e2eclock).
const PathClock = "/api/folio/test/clock"

func bindControl(se *core.ServeEvent) {
	se.Router.POST(PathClock, func(e *core.RequestEvent) error {
		var body struct {
			Advance string `json:"advance"`
		}
		if err := e.BindBody(&body); err != nil {
			return e.BadRequestError("", err)
		}
		at := Now()
		if body.Advance != "" {
			d, err := time.ParseDuration(body.Advance)
			if err != nil || d < 0 {
				return e.BadRequestError("advance must be a positive duration", err)
			}
			at = at.Add(d)
		}
		if err := RunAll(e.App, at); err != nil {
			return e.InternalServerError("a scheduled job failed", err)
		}
		return e.JSON(http.StatusOK, map[string]string{"ranAt": at.UTC().Format(time.RFC3339)})
	})
}

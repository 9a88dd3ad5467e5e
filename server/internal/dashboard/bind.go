// Package dashboard serves GET /api/folio/dashboard?business=<id>: a
// business's KPIs, chart series and action lists in one currency, computed with SQL
// aggregates over the indexes the billing migrations create and over the
// per-day sums the billing hooks keep (research/invoicing.md §4).
package dashboard

import (
	"net/http"

	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/routes"
	"folio/server/internal/schedule"
)

// Path is the dashboard route.
const Path = "/api/folio/dashboard"

// service holds the clock; tests fix "today".
type service struct {
	now func() time.Time
}

// Bind registers the dashboard route on app.
func Bind(app core.App) {
	bindWith(app, schedule.Now)
}

func bindWith(app core.App, now func() time.Time) {
	s := &service{now: now}
	routes.Bind(app, "folioDashboardRoute",
		routes.Signed(http.MethodGet, Path, s.dashboard),
	)
}

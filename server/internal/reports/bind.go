// Package reports serves the figures a business hands its accountant: the
// VAT collected and paid per rate, the profit and loss by category, the
// receivables by age, each as JSON or CSV, and one zip of a period's
// documents, receipts and those CSVs.
//
// The layers, as in billing: decide_*.go are the pure rules (their twin is
// src/billing/reports.ts; tests/vectors/reports.json holds both), books.go
// reads a business's records for them, csv.go writes them, and one file
// per route. Every role of a business reads them (team.Read); another
// business's are not found.
//
//	GET /api/folio/reports/{vat|profit|aging}?business=…&period=quarter&date=2026-10-01[&format=csv]
//	GET /api/folio/reports/zip?business=…&from=2026-10-01&to=2026-12-31
//	POST (same query) answers {url}: GET /api/folio/reports/zip/{ticket},
//	a one-time URL the browser downloads without a token (package ticket)
package reports

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/routes"
	"folio/server/internal/schedule"
)

// Path starts the reports' routes.
const Path = "/api/folio/reports"

// service holds the clock; tests fix "today".
type service struct {
	now func() time.Time
}

// Bind registers the reports' routes on app.
func Bind(app core.App) {
	bindWith(app, schedule.Now)
}

func bindWith(app core.App, now func() time.Time) {
	s := &service{now: now}
	routes.Bind(app, "folioReportsRoutes",
		routes.Signed(http.MethodGet, Path+"/vat", s.report(reportVAT)),
		routes.Signed(http.MethodGet, Path+"/profit", s.report(reportProfit)),
		routes.Signed(http.MethodGet, Path+"/aging", s.report(reportAging)),
		routes.Signed(http.MethodGet, Path+"/zip", s.zip),
		routes.Signed(http.MethodPost, Path+"/zip", s.zipTicket),
		routes.Open(http.MethodGet, Path+"/zip/{ticket}", s.zipDownload),
	)
}

// Package imports brings customers, items and open invoices from another
// tool's export (issue 31, part 2): a CSV (comma, semicolon or tab; UTF-8 with or without BOM,
// UTF-16, Windows-1252) or the first sheet of an XLSX, streamed as it is
// uploaded.
//
//   - decide_columns.go guesses which column is which from the header
//     (the exports of Invoice Ninja, Zoho Invoice, InvoiceShelf, sevDesk
//     and lexoffice, and the plain words in five languages);
//     decide_row.go turns a row into a customer's values, decide_items.go
//     into an item's, decide_invoices.go into an open invoice's, which
//     write_invoice.go saves (imported, keeping its own number outside
//     Folio's sequence, sent, the amount paid a payment).
//   - The preview (route_import.go) runs every row through the rules of a
//     typed customer (the collection's and the billing hooks') in a
//     transaction it rolls back, and lists each row's problems and the
//     rows that are already customers (same email or VAT ID).
//   - The run writes them, all or nothing or row by row, skipping,
//     updating or adding the duplicates as chosen, and records what it
//     did in an imports record (one per file and business while it runs
//     or is done), so route_undo.go can undo it in one step within a day.
//   - progress.go answers how far a preview or run has got, and marks a
//     run that stopped half-way (a restart) as failed.
package imports

import (
	"net/http"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/routes"
)

// The routes of this package; {id} is an import.
const (
	PathPreview = "/api/folio/import/preview"
	PathRun     = "/api/folio/import/run"
	PathUndo    = "/api/folio/import/{id}/undo"
	// PathProgress answers how far a preview or run has got (progress.go).
	PathProgress = "/api/folio/import/{id}/progress"
)

// The limits of one file. Variables so the tests can try them small.
var (
	MaxFileBytes int64 = 20 << 20
	MaxRows            = 50_000
)

// UndoWindow is how long an import can be undone.
const UndoWindow = 24 * time.Hour

type service struct {
	now func() time.Time
	// live holds the previews and runs under way, by the id the web app
	// gave them (*live).
	live sync.Map
}

// Bind registers the import routes on app.
func Bind(app core.App) {
	BindWithClock(app, time.Now)
}

// BindWithClock is Bind with another clock (the undo window), for tests.
func BindWithClock(app core.App, now func() time.Time) {
	s := &service{now: now}
	routes.Bind(app, "folioImportRoutes",
		routes.Signed(http.MethodPost, PathPreview, s.previewRoute),
		routes.Signed(http.MethodPost, PathRun, s.runRoute),
		routes.Signed(http.MethodPost, PathUndo, s.undoRoute),
		routes.Signed(http.MethodGet, PathProgress, s.progressRoute),
	)
	// No run is under way when the server starts: one still "running"
	// stopped half-way.
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if err := failRunning(se.App); err != nil {
			se.App.Logger().Error("import: the runs stopped half-way stay running", "error", err)
		}
		return se.Next()
	})
}

package inbound

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/routes"
)

// The routes of this package; both take ?business=… and a multipart
// "file".
const (
	PathRead    = "/api/folio/inbound/read"
	PathExpense = "/api/folio/inbound/expense"
)

// Bind registers the routes on app.
func Bind(app core.App) {
	routes.Bind(app, "folioInboundRoutes",
		routes.Signed(http.MethodPost, PathRead, readRoute),
		routes.Signed(http.MethodPost, PathExpense, expenseRoute),
	)
}

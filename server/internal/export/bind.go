// Package export gives a business all of its data in one zip (data
// portability): every record of the business as JSON and as CSV, the lines
// of quotes and invoices on their own, the issued PDFs and the uploaded
// files, the business's settings and the profile of the person who asked.
// Only that business's records are read; it is rate-limited per business.
// Owners, admins and accountants may export (team.Export).
//
// POST /api/folio/export {business} answers {url}, a one-time URL (package
// ticket) that the browser downloads with a plain GET, streamed.
package export

import (
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"folio/server/migrations"
)

// Path asks for an export (POST); Path + "/{ticket}" downloads it (GET).
const Path = "/api/folio/export"

// ticketKind marks the download tickets of exports.
const ticketKind = "export"

type service struct {
	now    func() time.Time
	limits *limiter
}

// Bind registers the export routes on app.
func Bind(app core.App) {
	bindWith(app, time.Now)
}

func bindWith(app core.App, now func() time.Time) {
	s := &service{now: now, limits: newLimiter()}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "folioExportRoutes",
		Func: func(se *core.ServeEvent) error {
			se.Router.POST(Path, s.request).Bind(apis.RequireAuth(migrations.UsersCollection))
			se.Router.GET(Path+"/{ticket}", s.download)
			return se.Next()
		},
	})
}

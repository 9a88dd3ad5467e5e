package backup

import (
	"net/http"

	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/routes"
)

// Paths of the backup routes.
const (
	// StatusPath answers when the last backup ran (anyone signed in: it is
	// the server's, not a business's).
	StatusPath = "/api/folio/backups"
	// DownloadPath gives the operator a one-time download URL of the
	// latest backup (POST), which is DownloadPath + "/{ticket}" (GET).
	DownloadPath = "/api/folio/backups/download"
)

// ticketKind marks the download tickets of backups.
const ticketKind = "backup"

// Options configure the routes.
type Options struct {
	// OperatorEmail is the account that may download the server's backups
	// (FOLIO_OPERATOR_EMAIL); empty: nobody, through Folio.
	OperatorEmail string
	// Now is the clock (time.Now in production).
	Now func() time.Time
}

type service struct {
	operator string
	now      func() time.Time
}

// Bind registers the backup routes on app.
func Bind(app core.App, opts Options) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s := &service{operator: opts.OperatorEmail, now: opts.Now}
	routes.Bind(app, "folioBackupRoutes",
		routes.Signed(http.MethodGet, StatusPath, s.status),
		routes.Signed(http.MethodPost, DownloadPath, s.requestDownload),
		routes.Open(http.MethodGet, DownloadPath+"/{ticket}", s.download),
	)
}

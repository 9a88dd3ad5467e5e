package billing

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// publicDownloadedRoute answers POST
// /api/folio/public/documents/{token}/downloaded with 204: the public page
// calls it when the customer downloads the PDF, and it records a
// "downloaded" event when the business tracks views (never for its members),
// folded per visitor and day like views (see trackVisit).
func (s *service) publicDownloadedRoute(e *core.RequestEvent) error {
	p := resolvePublic(e.App, e.Request.PathValue("token"))
	if p == nil {
		return linkNotValid(e)
	}
	if p.tracked(e) {
		if err := s.trackVisit(e, p, migrations.EventDownloaded, nil); err != nil {
			return e.InternalServerError("", err)
		}
	}
	return e.NoContent(http.StatusNoContent)
}

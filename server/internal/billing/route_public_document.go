package billing

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// publicDocumentRoute answers GET /api/folio/public/documents/{token}: the
// printable document (PrintableDocument), or the one 404 for a link that
// leads nowhere.
//
// A visit by anyone but a signed-in member of the business is the
// customer's: when the business tracks views, it records a "viewed" event (folded per visitor
// and day, see trackVisit) and moves a sent document to viewed through
// the normal save (status machine, viewed_at), in one transaction. Tracking never stops the page from showing: if it
// fails, it is logged and the document is answered as it is.
func (s *service) publicDocumentRoute(e *core.RequestEvent) error {
	p := resolvePublic(e.App, e.Request.PathValue("token"))
	if p == nil {
		return linkNotValid(e)
	}
	if e.Request.Method == http.MethodGet && p.tracked(e) {
		var seen *core.Record
		err := s.trackVisit(e, p, migrations.EventViewed, func(tx core.App) error {
			doc, err := tx.FindRecordById(p.kind.collection, p.doc.Id)
			if err != nil {
				return err
			}
			if doc.GetString("status") == statusSent {
				doc.Set("status", statusViewed)
				if err := tx.Save(doc); err != nil {
					return err
				}
			}
			seen = doc
			return nil
		})
		if err != nil {
			e.App.Logger().Error("record a document view", "collection", p.kind.collection, "id", p.doc.Id, "error", err)
		} else {
			p.doc = seen
		}
	}
	return s.answerPrintable(e, p)
}

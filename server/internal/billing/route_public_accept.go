package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"

	"folio/server/migrations"
)

// acceptBody is the acceptance form of the public page.
type acceptBody struct {
	Name string `json:"name" form:"name"`
	Note string `json:"note" form:"note"`
}

// publicAcceptRoute answers POST /api/folio/public/documents/{token}/accept
// {name, note}: the customer accepts a sent or viewed quote by typing
// their full name. The quote is saved through the normal hooks (the status
// machine refuses an expired quote with its usual message; accepted_at is
// stamped), with accepted_by and accept_note, and an "accepted" event, in
// one transaction. It answers the printable document as it now is.
func (s *service) publicAcceptRoute(e *core.RequestEvent) error {
	p := resolvePublic(e.App, e.Request.PathValue("token"))
	if p == nil {
		return linkNotValid(e)
	}
	if rerr := decideAnswerable(p.kind.noun, p.doc.GetString("status")); rerr != nil {
		return rerr.api()
	}
	var body acceptBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	name, note, rerr := decideAccept(body.Name, body.Note)
	if rerr != nil {
		return rerr.api()
	}

	err := e.App.RunInTransaction(func(tx core.App) error {
		q, err := tx.FindRecordById(migrations.QuotesCollection, p.doc.Id)
		if err != nil {
			return err
		}
		if rerr := decideAnswerable(quoteKind.noun, q.GetString("status")); rerr != nil {
			return rerr.api()
		}
		q.Set("status", statusAccepted)
		q.Set(migrations.FieldAcceptedBy, name)
		q.Set(migrations.FieldAcceptNote, note)
		if err := tx.Save(q); err != nil {
			return err
		}
		if err := recordEvent(tx, p.owner.Id, quoteKind.noun, q.Id, migrations.EventAccepted,
			map[string]any{"name": name, "note": note}); err != nil {
			return err
		}
		p.doc = q
		return nil
	})
	if err != nil {
		return saveFailure(e, err, newRuleError("", "folio_accept_failed", msgAcceptFailed))
	}
	return s.answerPrintable(e, p)
}

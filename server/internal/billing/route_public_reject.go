package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"

	"folio/server/migrations"
)

// rejectBody is the rejection form of the public page.
type rejectBody struct {
	Reason string `json:"reason" form:"reason"`
}

// publicRejectRoute answers POST /api/folio/public/documents/{token}/reject
// {reason}: the customer declines a sent or viewed quote, with a reason.
// The quote is saved through the normal hooks (rejected_at is stamped),
// with reject_reason, and a "rejected" event, in one transaction. It
// answers the printable document as it now is.
func (s *service) publicRejectRoute(e *core.RequestEvent) error {
	p := resolvePublic(e.App, e.Request.PathValue("token"))
	if p == nil {
		return linkNotValid(e)
	}
	if rerr := decideAnswerable(p.kind.noun, p.doc.GetString("status")); rerr != nil {
		return rerr.api()
	}
	var body rejectBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	reason, rerr := decideReject(body.Reason)
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
		q.Set("status", statusRejected)
		q.Set("reject_reason", reason)
		if err := tx.Save(q); err != nil {
			return err
		}
		if err := recordEvent(tx, p.owner.Id, quoteKind.noun, q.Id, migrations.EventRejected,
			map[string]any{"reason": reason}); err != nil {
			return err
		}
		p.doc = q
		return nil
	})
	if err != nil {
		return saveFailure(e, err, newRuleError("", "folio_reject_failed", msgRejectFailed))
	}
	return s.answerPrintable(e, p)
}

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
	var body acceptBody
	p, err := openAnswer(e, &body)
	if err != nil {
		return err
	}
	name, note, rerr := decideAccept(body.Name, body.Note)
	if rerr != nil {
		return rerr.api()
	}
	return s.saveAnswer(e, p, quoteAnswerWrite{
		status: statusAccepted,
		fields: map[string]any{migrations.FieldAcceptedBy: name, migrations.FieldAcceptNote: note},
		event:  migrations.EventAccepted,
		detail: map[string]any{"name": name, "note": note},
		failed: newRuleError("", "folio_accept_failed", msgAcceptFailed),
	})
}

// openAnswer is the quote a public link answers, once the link is live and
// the quote may still be answered, with the answer's form read into body.
func openAnswer(e *core.RequestEvent, body any) (*publicDoc, error) {
	p := resolvePublic(e.App, e.Request.PathValue("token"))
	if p == nil {
		return nil, linkNotValid(e)
	}
	if rerr := decideAnswerable(p.kind.noun, p.doc.GetString("status")); rerr != nil {
		return nil, rerr.api()
	}
	if err := e.BindBody(body); err != nil {
		return nil, refusal.Unreadable(err)
	}
	return p, nil
}

// quoteAnswerWrite is what an answer writes: the quote's new status and
// fields, and its event.
type quoteAnswerWrite struct {
	status string
	fields map[string]any
	event  string
	detail map[string]any
	// failed is the refusal of a save that failed for another reason.
	failed *ruleError
}

// saveAnswer saves the customer's answer through the normal hooks, with
// its event, in one transaction (the quote read again there, so an answer
// given meanwhile is refused), and answers the printable document as it
// now is.
func (s *service) saveAnswer(e *core.RequestEvent, p *publicDoc, w quoteAnswerWrite) error {
	err := e.App.RunInTransaction(func(tx core.App) error {
		q, err := tx.FindRecordById(migrations.QuotesCollection, p.doc.Id)
		if err != nil {
			return err
		}
		if rerr := decideAnswerable(quoteKind.noun, q.GetString("status")); rerr != nil {
			return rerr.api()
		}
		q.Set("status", w.status)
		for k, v := range w.fields {
			q.Set(k, v)
		}
		if err := tx.Save(q); err != nil {
			return err
		}
		if err := recordEvent(tx, p.business.Id, nil, quoteKind.noun, q.Id, w.event, w.detail); err != nil {
			return err
		}
		p.doc = q
		return nil
	})
	if err != nil {
		return saveFailure(e, err, w.failed)
	}
	return s.answerPrintable(e, p)
}

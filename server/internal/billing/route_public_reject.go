package billing

import (
	"github.com/pocketbase/pocketbase/core"

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
	var body rejectBody
	p, err := openAnswer(e, &body)
	if err != nil {
		return err
	}
	reason, rerr := decideReject(body.Reason)
	if rerr != nil {
		return rerr.api()
	}
	return s.saveAnswer(e, p, quoteAnswerWrite{
		status: statusRejected,
		fields: map[string]any{"reject_reason": reason},
		event:  migrations.EventRejected,
		detail: map[string]any{"reason": reason},
		failed: newRuleError("", "folio_reject_failed", msgRejectFailed),
	})
}

package card

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// refundBody is the refund form: the amount, all that is left when 0.
type refundBody struct {
	AmountCents int64 `json:"amount_cents"`
}

// decideRefundAmount is what a refund of a card payment gives back: the
// amount asked, or all that is left of the payment when none is asked; a
// code when there is nothing (or not that much) left.
func decideRefundAmount(paid, refunded, asked int64) (int64, string) {
	left := paid - refunded
	switch {
	case asked == 0 && left > 0:
		return left, ""
	case asked < 0 || asked > left || left <= 0:
		return 0, "folio_card_refund_too_much"
	}
	return asked, ""
}

// refundRoute answers POST /api/folio/payments/{id}/card-refund
// {amount_cents}: a member who may write refunds (part of) a card payment
// through the business's Stripe account. Folio records what Stripe
// refunded on the payment, with an activity entry; the charge.refunded
// event that follows changes nothing more.
func (s *service) refundRoute(e *core.RequestEvent) error {
	p, err := e.App.FindRecordById(migrations.PaymentsCollection, e.Request.PathValue("id"))
	if err != nil {
		return refusal.NothingHere()
	}
	if err := team.Require(e, p.GetString("business"), team.Write); err != nil {
		return err
	}
	var body refundBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	if p.GetString(migrations.FieldPaymentProvider) != migrations.ProviderStripe {
		return refusal.BadRequest("folio_card_not_card_payment", msgNotCardPayment)
	}
	before := int64(p.GetInt(migrations.FieldProviderRefundedCents))
	amount, code := decideRefundAmount(int64(p.GetInt("amount_cents")), before, body.AmountCents)
	if code == "" {
		_, code = decideStripeAmount(amount, p.GetString("currency"))
	}
	if code != "" {
		return refusal.BadRequest(code, Messages[code])
	}
	b, err := e.App.FindRecordById(migrations.BusinessesCollection, p.GetString("business"))
	if err != nil {
		return refusal.NothingHere()
	}
	conn, err := s.open(b)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if conn.secretKey == "" {
		return refusal.BadRequest("folio_stripe_not_connected", msgNotConnected)
	}
	pi := p.GetString(migrations.FieldProviderPaymentID)
	refunded, err := s.refund(e.Request.Context(), conn.secretKey, pi, p.GetString("currency"), amount, refundKey(pi, before, amount),
		map[string]string{metaPayment: p.Id, metaInvoice: p.GetString("invoice"), metaBusiness: b.Id})
	if err != nil {
		return decideStripeFailure(failureOf(err)).Answer(http.StatusBadGateway)
	}
	err = e.App.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById(migrations.PaymentsCollection, p.Id)
		if err != nil {
			return err
		}
		_, err = applyRefunded(tx, fresh, before+refunded, false)
		p = fresh
		return err
	})
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]any{
		"refunded_cents": p.GetInt(migrations.FieldProviderRefundedCents), "amount_cents": refunded,
	})
}

package card

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// refundByCard makes a refund of a credit note's credit (the credit note's
// refund form) through Stripe when its method is card and its invoice was
// paid by card through Stripe: the refund is first saved through the refund
// rules, in the request's transaction; then Stripe is asked to refund that
// amount of the card payment (its idempotency key is the refund's id, so a
// replayed request refunds once); if Stripe refuses, the refund is not
// saved and the answer says why. A card refund of an invoice paid otherwise
// (a card terminal) is recorded as typed.
func (s *service) refundByCard(e *core.RecordRequestEvent) error {
	if e.Record.GetString("method") != "card" {
		return e.Next()
	}
	if err := e.Next(); err != nil {
		return err
	}
	r := e.Record
	amount := int64(r.GetInt("amount_cents"))
	payments, err := e.App.FindRecordsByFilter(migrations.PaymentsCollection,
		"invoice = {:inv} && business = {:b} && "+migrations.FieldPaymentProvider+" = {:p}", "-amount_cents", 0, 0,
		dbx.Params{"inv": r.GetString("invoice"), "b": r.GetString("business"), "p": migrations.ProviderStripe})
	if err != nil || len(payments) == 0 {
		return err
	}
	b, err := e.App.FindRecordById(migrations.BusinessesCollection, r.GetString("business"))
	if err != nil {
		return err
	}
	conn, err := s.open(b)
	if err != nil || conn.secretKey == "" {
		return err
	}
	var p *core.Record
	for _, c := range payments {
		if _, code := decideRefundAmount(int64(c.GetInt("amount_cents")), int64(c.GetInt(migrations.FieldProviderRefundedCents)), amount); code == "" {
			p = c
			break
		}
	}
	if p == nil {
		return refusal.New("folio_card_refund_too_much", msgRefundTooMuch).Answer(http.StatusBadRequest)
	}
	if _, code := decideStripeAmount(amount, p.GetString("currency")); code != "" {
		return refusal.New(code, Messages[code]).Answer(http.StatusBadRequest)
	}
	refunded, err := s.refund(e.Request.Context(), conn.secretKey, p.GetString(migrations.FieldProviderPaymentID), p.GetString("currency"), amount,
		"folio-refund-"+r.Id, map[string]string{metaPayment: p.Id, metaInvoice: r.GetString("invoice"), metaBusiness: b.Id})
	if err != nil {
		return decideStripeFailure(failureOf(err)).Answer(http.StatusBadGateway)
	}
	_, err = applyRefunded(e.App, p, int64(p.GetInt(migrations.FieldProviderRefundedCents))+refunded, true)
	return err
}

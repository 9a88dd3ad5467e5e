package card

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/internal/refusal"
)

// offer reads whether the invoice of a public link may be paid by card
// now, and the amount: its balance due.
func (s *service) offer(p *billing.PublicInvoice) (connection, int64, string, error) {
	conn, err := s.open(p.Business)
	if err != nil {
		return conn, 0, "", err
	}
	amount, code := decideCheckout(checkoutOffer{
		connected:     conn.connected(),
		invoiceStatus: p.Invoice.GetString("status"),
		balanceCents:  int64(p.Invoice.GetInt("balance_cents")),
	})
	if code == "" {
		// A currency or an amount Stripe can't take is not offered.
		_, code = decideStripeAmount(amount, p.Invoice.GetString("currency"))
	}
	return conn, amount, code, nil
}

// cardOfferRoute answers GET /api/folio/public/documents/{token}/card:
// {available, amount_cents, currency}, whether the page shows "Pay by card".
func (s *service) cardOfferRoute(e *core.RequestEvent) error {
	p, err := billing.FindPublicInvoice(e)
	if err != nil {
		return err
	}
	_, amount, code, err := s.offer(p)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]any{
		"available": code == "", "amount_cents": amount, "currency": p.Invoice.GetString("currency"),
	})
}

// checkoutRoute answers POST /api/folio/public/documents/{token}/card
// with {url}: a Stripe Checkout Session for exactly the balance due, whose
// success and cancel addresses come back to the same page
// (?card=success|cancel).
func (s *service) checkoutRoute(e *core.RequestEvent) error {
	p, err := billing.FindPublicInvoice(e)
	if err != nil {
		return err
	}
	conn, amount, code, err := s.offer(p)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if code != "" {
		return refusal.BadRequest(code, Messages[code])
	}
	currency := p.Invoice.GetString("currency")
	stripeAmount, _ := decideStripeAmount(amount, currency) // offer refused what it can't convert
	url, err := s.createSession(e.Request.Context(), conn.secretKey, session{
		business: p.Business.Id, invoice: p.Invoice.Id, number: p.Invoice.GetString("number"),
		currency: currency, amountCents: stripeAmount, pageURL: p.PageURL,
	}, time.Now().UTC().Format(time.DateOnly))
	if err != nil {
		e.App.Logger().Warn("stripe checkout session", "business", p.Business.Id, "invoice", p.Invoice.Id, "error", err.Error())
		return decideStripeFailure(failureOf(err)).Answer(http.StatusBadGateway)
	}
	return e.JSON(http.StatusOK, map[string]any{"url": url})
}

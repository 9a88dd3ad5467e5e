package card

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/stripe/stripe-go/v84"
	"github.com/stripe/stripe-go/v84/webhook"

	"folio/server/migrations"
)

// maxEventBytes bounds an event's body; Stripe's are a few kilobytes.
const maxEventBytes = 512 << 10

// The answers of the webhook route: Stripe shows them in its dashboard
// and delivers again what was not answered 2xx.
var (
	errBadSignature = map[string]any{"result": "bad_signature"}
)

// webhookRoute answers POST /api/folio/stripe/{business}/webhook. The event
// must be signed with that business's webhook secret, within Stripe's
// five-minute tolerance; anything else is 400 and changes nothing. A
// paid Checkout Session records a card payment (once per Stripe payment),
// a refunded charge its refund, a failed one (a bank debit) an entry in the
// invoice's activity. Events of other types are acknowledged.
func (s *service) webhookRoute(e *core.RequestEvent) error {
	payload, err := io.ReadAll(io.LimitReader(e.Request.Body, maxEventBytes+1))
	if err != nil || len(payload) > maxEventBytes {
		return e.JSON(http.StatusBadRequest, errBadSignature)
	}
	b, err := e.App.FindRecordById(migrations.BusinessesCollection, e.Request.PathValue("business"))
	if err != nil {
		return e.JSON(http.StatusBadRequest, errBadSignature)
	}
	conn, err := s.open(b)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if conn.webhookSecret == "" {
		return e.JSON(http.StatusBadRequest, errBadSignature)
	}
	// The account's API version may differ from this library's; the
	// fields Folio reads are the same in every version it accepts.
	ev, err := webhook.ConstructEventWithOptions(payload, e.Request.Header.Get("Stripe-Signature"), conn.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return e.JSON(http.StatusBadRequest, errBadSignature)
	}

	var result string
	switch ev.Type {
	case stripe.EventTypeCheckoutSessionCompleted, stripe.EventTypeCheckoutSessionAsyncPaymentSucceeded:
		var cs stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &cs); err != nil {
			return e.JSON(http.StatusBadRequest, map[string]any{"result": "unreadable"})
		}
		if cs.PaymentStatus != stripe.CheckoutSessionPaymentStatusPaid {
			// Paid later (a bank debit): async_payment_succeeded records it.
			result = "pending"
			break
		}
		result, err = recordSession(e.App, b.Id, &cs)
	case stripe.EventTypeCheckoutSessionAsyncPaymentFailed:
		var cs stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &cs); err != nil {
			return e.JSON(http.StatusBadRequest, map[string]any{"result": "unreadable"})
		}
		result, err = recordFailed(e.App, b.Id, &cs)
	case stripe.EventTypeChargeRefunded:
		var ch stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil {
			return e.JSON(http.StatusBadRequest, map[string]any{"result": "unreadable"})
		}
		result, err = recordRefund(e.App, b.Id, &ch)
		if err == nil && result == refundUnknownPayment {
			// The payment's own event has not come yet: Stripe delivers
			// this one again later.
			return e.JSON(http.StatusConflict, map[string]any{"result": result})
		}
	default:
		result = "ignored"
	}
	if err != nil {
		e.App.Logger().Error("stripe event", "business", b.Id, "event", ev.ID, "type", string(ev.Type), "error", err.Error())
		return e.InternalServerError("", err)
	}
	if result != recordPayment && result != recordForRefund && result != resultDuplicate && result != "refund" && result != resultFailed {
		e.App.Logger().Info("stripe event not recorded", "business", b.Id, "event", ev.ID, "type", string(ev.Type), "result", result)
	}
	return e.JSON(http.StatusOK, map[string]any{"result": result})
}

package card

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v84"

	"folio/server/internal/refusal"
)

// The metadata Folio gives a Checkout Session, its payment and a refund,
// read back from Stripe's events.
const (
	metaInvoice  = "folio-invoice"
	metaBusiness = "folio-business"
	metaPayment  = "folio-payment"
)

// callTimeout bounds one route's calls to Stripe.
const callTimeout = 30 * time.Second

// account is what Folio shows of a connected account.
type account struct {
	id       string
	testMode bool
}

// checkAccount calls Stripe with key: the account it belongs to, or the
// refusal that says in a sentence what is wrong. A restricted key that
// may not read the account but may read the balance is connected too,
// without an account id.
func (s *service) checkAccount(ctx context.Context, key string) (account, *refusal.Refusal) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	sc := s.client(key)
	acct, err := sc.V1Accounts.Retrieve(ctx, &stripe.AccountRetrieveParams{})
	if err == nil {
		return account{id: acct.ID, testMode: isTestKey(key)}, nil
	}
	if f := failureOf(err); f.status == 403 || f.errType == "permission_error" {
		if _, berr := sc.V1Balance.Retrieve(ctx, &stripe.BalanceRetrieveParams{}); berr == nil {
			return account{testMode: isTestKey(key)}, nil
		}
	}
	return account{}, decideStripeFailure(failureOf(err))
}

// session is a Checkout Session to create.
type session struct {
	business, invoice, number, currency string
	amountCents                         int64
	pageURL                             string
}

// createSession asks Stripe for a Checkout Session of exactly the amount,
// in the invoice's currency, naming the invoice and the business in its
// metadata (and its payment's, so the charge events carry them too). The
// idempotency key is the invoice, the amount and the day: a second click
// gets the same session, a new balance a new one.
func (s *service) createSession(ctx context.Context, key string, in session, day string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	meta := map[string]string{metaInvoice: in.invoice, metaBusiness: in.business}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		SuccessURL:        stripe.String(in.pageURL + "?card=success"),
		CancelURL:         stripe.String(in.pageURL + "?card=cancel"),
		ClientReferenceID: stripe.String(in.invoice),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(in.currency)),
				UnitAmount:  stripe.Int64(in.amountCents),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(in.number)},
			},
		}},
		Metadata:          meta,
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: meta},
	}
	params.SetIdempotencyKey(fmt.Sprintf("folio-checkout-%s-%s-%d-%s-%s", in.business, in.invoice, in.amountCents, in.currency, day))
	cs, err := s.client(key).V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return "", err
	}
	return cs.URL, nil
}

// refund asks Stripe to refund amountCents (Folio's minor units of
// currency, which decideStripeAmount has accepted) of a payment intent,
// once per idempotency key (see refundKey). It answers what Stripe
// refunded, in Folio's units.
func (s *service) refund(ctx context.Context, key, paymentIntent, currency string, amountCents int64, idempotencyKey string, meta map[string]string) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	stripeAmount, _ := decideStripeAmount(amountCents, currency)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntent),
		Amount:        stripe.Int64(stripeAmount),
		Metadata:      meta,
	}
	params.SetIdempotencyKey(idempotencyKey)
	r, err := s.client(key).V1Refunds.Create(ctx, params)
	if err != nil {
		return 0, err
	}
	return fromStripeAmount(r.Amount, currency), nil
}

// refundKey is the idempotency key of a refund from the payment's action:
// the payment intent and what was refunded of it before, so a retried
// click refunds once.
func refundKey(paymentIntent string, refundedBefore, amountCents int64) string {
	return fmt.Sprintf("folio-refund-%s-%d-%d", paymentIntent, refundedBefore, amountCents)
}

// failureOf reads a stripe-go error: Stripe's answer, or a network failure.
func failureOf(err error) stripeFailure {
	var se *stripe.Error
	if errors.As(err, &se) && (se.HTTPStatusCode != 0 || se.Type != "") {
		return stripeFailure{status: se.HTTPStatusCode, errType: string(se.Type), message: se.Msg}
	}
	return stripeFailure{network: true}
}

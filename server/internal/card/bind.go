// Package card takes card payments through the business's own Stripe
// account (issue 29, part 1):
//
//   - connecting: an owner or admin saves a Stripe secret key and the
//     webhook signing secret (route_settings.go); both are stored encrypted
//     with the key that encrypts the 2FA secrets (secrets.go) in hidden
//     fields, and what is shown is the account id and the test-mode badge;
//   - paying: the customer's page of an open invoice asks for a Checkout
//     Session of exactly the balance due (route_checkout.go), public and
//     rate-limited like the other public document routes;
//   - recording: Stripe's events, signed with the business's secret, record
//     a payment of method card through the billing hooks, once per Stripe
//     payment (route_webhook.go, record.go); an amount that no longer fits
//     the balance is recorded and flagged for refund;
//   - refunds: a card payment is refunded through Stripe from Folio (from
//     the payment, route_refund.go, or a credit note's refund of method
//     card, hook_refunds.go), and a refund made in Stripe's dashboard comes
//     back through charge.refunded.
//
// The decisions are pure functions in decide_*.go.
package card

import (
	"net/http"

	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/stripe/stripe-go/v84"

	"folio/server/internal/routes"
	"folio/server/migrations"
)

// The routes of this package.
const (
	// PathSettings reads (GET), saves (PUT) and removes (DELETE) a
	// business's Stripe connection.
	PathSettings = "/api/folio/businesses/{id}/stripe"
	// PathTest calls Stripe with the saved key.
	PathTest = PathSettings + "/test"
	// PathCheckout is the customer's "Pay by card": GET says whether it is
	// offered, POST answers a Checkout URL. Under the public prefix, so the
	// public rate limit and the log redaction of the token apply.
	PathCheckout = "/api/folio/public/documents/{token}/card"
	// PathWebhook receives the events of a business's Stripe account.
	PathWebhook = "/api/folio/stripe/{business}/webhook"
	// PathRefund refunds (part of) a card payment through Stripe.
	PathRefund = "/api/folio/payments/{id}/card-refund"
)

// EnvAPIBase points the Stripe calls at another server (stripe-mock in the
// tests); Stripe's own API when empty.
const EnvAPIBase = "FOLIO_STRIPE_API_BASE"

// KeyFunc returns the 32-byte key that encrypts the stored secrets.
type KeyFunc func() (string, error)

// Options configure Bind.
type Options struct {
	// Key encrypts the secret key and the webhook secret at rest.
	Key KeyFunc
	// APIBase is the Stripe API's address; "" for Stripe's.
	APIBase string
	// HTTPClient makes the calls to Stripe; a client with a timeout when nil.
	HTTPClient *http.Client
}

// service holds what the routes share for one app.
type service struct {
	key      KeyFunc
	backends *stripe.Backends
}

// Bind registers the card routes and hooks on app.
func Bind(app core.App, opts Options) {
	s := newService(opts)
	app.OnRecordUpdateRequest(migrations.BusinessesCollection).BindFunc(keepStripeFields)
	app.OnRecordCreateRequest(migrations.BusinessesCollection).BindFunc(keepStripeFields)
	// Bound after the billing package's request guard, so it runs inside the
	// request's transaction, after the refund rules.
	app.OnRecordCreateRequest(migrations.RefundsCollection).BindFunc(s.refundByCard)

	routes.Bind(app, "folioCardRoutes",
		routes.Signed(http.MethodGet, PathSettings, s.settingsRoute),
		routes.Signed(http.MethodPut, PathSettings, s.connectRoute),
		routes.Signed(http.MethodDelete, PathSettings, s.disconnectRoute),
		routes.Signed(http.MethodPost, PathTest, s.testRoute),
		routes.Signed(http.MethodPost, PathRefund, s.refundRoute),
		routes.Open(http.MethodGet, PathCheckout, s.cardOfferRoute),
		routes.Open(http.MethodPost, PathCheckout, s.checkoutRoute),
		routes.Open(http.MethodPost, PathWebhook, s.webhookRoute),
	)
}

func newService(opts Options) *service {
	client := opts.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	cfg := &stripe.BackendConfig{
		HTTPClient: client,
		// Stripe's logger would print request errors on stderr; the routes
		// answer them instead, and nothing of a key reaches a log.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if opts.APIBase != "" {
		cfg.URL = stripe.String(opts.APIBase)
	}
	return &service{key: opts.Key, backends: stripe.NewBackendsWithConfig(cfg)}
}

// client is a Stripe client with a business's secret key.
func (s *service) client(secretKey string) *stripe.Client {
	return stripe.NewClient(secretKey, stripe.WithBackends(s.backends))
}

// keepStripeFields drops a client's values for the Stripe fields of a
// business: they are written only by the connect routes, encrypted.
func keepStripeFields(e *core.RecordRequestEvent) error {
	orig := e.Record.Original()
	for _, f := range stripeFields {
		if e.Record.IsNew() {
			e.Record.Set(f, nil)
		} else {
			e.Record.Set(f, orig.Get(f))
		}
	}
	return e.Next()
}

// stripeFields are a business's Stripe fields.
var stripeFields = []string{migrations.FieldStripeSecretKey, migrations.FieldStripeWebhookSecret,
	migrations.FieldStripeAccount, migrations.FieldStripeTestMode}

package card

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// settingsView is what the settings page shows of a connection: never a
// secret, only whether each one is saved.
type settingsView struct {
	Connected        bool   `json:"connected"`
	Account          string `json:"account"`
	TestMode         bool   `json:"test_mode"`
	HasSecretKey     bool   `json:"has_secret_key"`
	HasWebhookSecret bool   `json:"has_webhook_secret"`
	// WebhookPath is the path of the business's webhook endpoint, to add in
	// Stripe's dashboard after the app's address.
	WebhookPath string `json:"webhook_path"`
}

// connectBody is the form of the settings page.
type connectBody struct {
	SecretKey     string `json:"secret_key"`
	WebhookSecret string `json:"webhook_secret"`
}

// managedBusiness is the business of the path's {id}, once the signed-in
// person may manage it (owners and admins).
func managedBusiness(e *core.RequestEvent) (*core.Record, error) {
	id := e.Request.PathValue("id")
	if err := team.Require(e, id, team.Manage); err != nil {
		return nil, err
	}
	b, err := e.App.FindRecordById(migrations.BusinessesCollection, id)
	if err != nil {
		return nil, refusal.NothingHere()
	}
	return b, nil
}

func viewOf(b *core.Record) settingsView {
	key, hook := b.GetString(migrations.FieldStripeSecretKey) != "", b.GetString(migrations.FieldStripeWebhookSecret) != ""
	return settingsView{
		Connected: key && hook, Account: b.GetString(migrations.FieldStripeAccount),
		TestMode: b.GetBool(migrations.FieldStripeTestMode), HasSecretKey: key, HasWebhookSecret: hook,
		WebhookPath: pathOf(PathWebhook, "business", b.Id),
	}
}

// settingsRoute answers GET /api/folio/businesses/{id}/stripe.
func (s *service) settingsRoute(e *core.RequestEvent) error {
	b, err := managedBusiness(e)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, viewOf(b))
}

// connectRoute answers PUT /api/folio/businesses/{id}/stripe {secret_key,
// webhook_secret}: either may be empty to keep the saved one. A new key is
// tried against Stripe before it is saved, so what is saved works and the
// page can name the account.
func (s *service) connectRoute(e *core.RequestEvent) error {
	b, err := managedBusiness(e)
	if err != nil {
		return err
	}
	var body connectBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	view := viewOf(b)
	key, hook, r := decideKeys(body.SecretKey, body.WebhookSecret, view.HasSecretKey, view.HasWebhookSecret)
	if r != nil {
		return r.Answer(http.StatusBadRequest)
	}
	if key != "" {
		acct, r := s.checkAccount(e.Request.Context(), key)
		if r != nil {
			return r.Answer(http.StatusBadRequest)
		}
		sealed, err := s.encrypt(key)
		if err != nil {
			return e.InternalServerError("", err)
		}
		b.Set(migrations.FieldStripeSecretKey, sealed)
		b.Set(migrations.FieldStripeAccount, acct.id)
		b.Set(migrations.FieldStripeTestMode, acct.testMode)
	}
	if hook != "" {
		sealed, err := s.encrypt(hook)
		if err != nil {
			return e.InternalServerError("", err)
		}
		b.Set(migrations.FieldStripeWebhookSecret, sealed)
	}
	if err := e.App.Save(b); err != nil {
		return e.BadRequestError("", err)
	}
	return e.JSON(http.StatusOK, viewOf(b))
}

// disconnectRoute answers DELETE /api/folio/businesses/{id}/stripe: the
// secrets are forgotten and the customers' pages stop offering card
// payment. Payments recorded stay.
func (s *service) disconnectRoute(e *core.RequestEvent) error {
	b, err := managedBusiness(e)
	if err != nil {
		return err
	}
	for _, f := range stripeFields {
		b.Set(f, nil)
	}
	if err := e.App.Save(b); err != nil {
		return e.BadRequestError("", err)
	}
	return e.JSON(http.StatusOK, viewOf(b))
}

// testRoute answers POST /api/folio/businesses/{id}/stripe/test: it calls
// Stripe with the saved key and answers the account, or what is wrong in a
// sentence (400).
func (s *service) testRoute(e *core.RequestEvent) error {
	b, err := managedBusiness(e)
	if err != nil {
		return err
	}
	conn, err := s.open(b)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if conn.secretKey == "" {
		return refusal.BadRequest("folio_stripe_not_connected", msgNotConnected)
	}
	acct, r := s.checkAccount(e.Request.Context(), conn.secretKey)
	if r != nil {
		return r.Answer(http.StatusBadRequest)
	}
	if acct.id != conn.account || acct.testMode != conn.testMode {
		b.Set(migrations.FieldStripeAccount, acct.id)
		b.Set(migrations.FieldStripeTestMode, acct.testMode)
		if err := e.App.Save(b); err != nil {
			return e.BadRequestError("", err)
		}
	}
	return e.JSON(http.StatusOK, viewOf(b))
}

// pathOf is pattern with its {name} filled in.
func pathOf(pattern, name, value string) string {
	return strings.Replace(pattern, "{"+name+"}", value, 1)
}

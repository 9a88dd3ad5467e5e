package card

import (
	"testing"

	"folio/server/internal/refusal/refusaltest"
)

func TestDecideKeys(t *testing.T) {
	const key, hook = "sk_test_4eC39HqLyjWDarjtT1zdp7dc", "whsec_abcdefghijklmnop"
	for _, c := range []struct {
		name               string
		key, webhook       string
		hasKey, hasWebhook bool
		want               string // refusal code, "" when accepted
	}{
		{"both new", key, hook, false, false, ""},
		{"live and restricted", "rk_live_51Habcdefghijk", hook, false, false, ""},
		{"spaces around are trimmed", "  " + key + "\n", " " + hook, false, false, ""},
		{"key kept, new webhook", "", hook, true, false, ""},
		{"both kept", "", "", true, true, ""},
		{"no key", "", hook, false, false, "folio_stripe_key_missing"},
		{"publishable key", "pk_test_4eC39HqLyjWDarjtT1zdp7dc", hook, false, false, "folio_stripe_key_publishable"},
		{"not a key", "hello", hook, false, false, "folio_stripe_key_shape"},
		{"prefix only", "sk_test_", hook, false, false, "folio_stripe_key_shape"},
		{"no webhook secret", key, "", false, false, "folio_stripe_webhook_missing"},
		{"webhook secret of another shape", key, "we_123456789", false, false, "folio_stripe_webhook_shape"},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, w, r := decideKeys(c.key, c.webhook, c.hasKey, c.hasWebhook)
			got := ""
			if r != nil {
				got = r.Code()
			}
			if got != c.want {
				t.Fatalf("refusal %q, want %q", got, c.want)
			}
			if r == nil && (k != "" && k != key && k != "rk_live_51Habcdefghijk" || w != "" && w != hook) {
				t.Errorf("values not trimmed: %q %q", k, w)
			}
		})
	}
}

func TestDecideStripeFailure(t *testing.T) {
	for _, c := range []struct {
		name string
		f    stripeFailure
		want string
	}{
		{"unreachable", stripeFailure{network: true}, "folio_stripe_unreachable"},
		{"invalid key", stripeFailure{status: 401, errType: "invalid_request_error"}, "folio_stripe_key_refused"},
		{"restricted key", stripeFailure{status: 403, errType: "permission_error"}, "folio_stripe_permission"},
		{"rate limited", stripeFailure{status: 429}, "folio_stripe_busy"},
		{"anything else", stripeFailure{status: 400, errType: "invalid_request_error", message: "No such thing"}, "folio_stripe_error"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := decideStripeFailure(c.f).Code(); got != c.want {
				t.Errorf("%s, want %s", got, c.want)
			}
		})
	}
	if got := decideStripeFailure(stripeFailure{status: 400, message: "No such thing"}).Error(); got != "Stripe answered: No such thing" {
		t.Errorf("sentence %q", got)
	}
}

// Every code of this package has its sentence in the web app, and the
// web app's tests have a sample of each.
func TestRefusalCodes(t *testing.T) {
	r := decideStripeFailure(stripeFailure{status: 400, message: "No such price"})
	refusaltest.Check(t, "Messages", "card", Messages, []refusaltest.Sample{{Code: r.Code(), Params: r.Params(), Message: r.Error()}})
}
